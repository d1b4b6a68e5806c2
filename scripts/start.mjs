// `npm start`: builds the web bundle and the server bundle when missing or older than the sources, then runs the
// server from plain JavaScript (build/node/server/main.mjs, see scripts/build-server.mjs), not through tsx.
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

const sources = newestMtime(path.resolve("src"));
const stale = (file) => !fs.existsSync(file) || fs.statSync(file).mtimeMs < sources;

function run(label, command, args) {
  console.log(label);
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (stale(path.resolve("build/server/index.js"))) {
  run("Building the web bundle (first start or sources changed)...", "npx", ["react-router", "build"]);
}
const serverEntry = path.resolve("build/node/server/main.mjs");
// The spec worker's entry is built beside the server body (a build from before it existed lacks it).
const serverParts = ["portico-server.mjs", "spec-worker.mjs"].map((name) => path.resolve("build/node/server", name));
if (serverParts.some(stale)) {
  run("Building the server bundle (first start or sources changed)...", process.execPath, ["scripts/build-server.mjs"]);
}
const server = spawn(process.execPath, ["--enable-source-maps", serverEntry], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
