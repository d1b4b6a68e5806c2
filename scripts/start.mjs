// `npm start`: builds the web bundle when it is missing or older than the sources, then runs the server.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const mtime = entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs;
    if (mtime > newest) newest = mtime;
  }
  return newest;
}

const buildEntry = path.resolve("build/server/index.js");
const stale = !fs.existsSync(buildEntry) || fs.statSync(buildEntry).mtimeMs < newestMtime(path.resolve("src"));
if (stale) {
  console.log("Building the web bundle (first start or sources changed)...");
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
