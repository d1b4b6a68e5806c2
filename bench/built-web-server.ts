/**
 * The built web server in a child process for the page benchmarks (bench:pages, bench:lighthouse): web role only,
 * production mode, the seeded catalog without the directory's background import (it would compete with the measured
 * requests), on 127.0.0.1. Builds the bundle first when it is missing.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";

export interface BuiltWebServer {
  base: string;
  process: ChildProcess;
  stop(): void;
}

export async function startBuiltWebServer(options: { port: number; dataDir: string }): Promise<BuiltWebServer> {
  if (!fs.existsSync("build/server/index.js")) execFileSync("npx", ["react-router", "build"], { stdio: "inherit" });
  const base = `http://127.0.0.1:${options.port}`;
  const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: "127.0.0.1",
      PORTICO_DATA_DIR: options.dataDir,
      PORTICO_SERVICES: "web",
      PORTICO_DIRECTORY: "off",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const stop = () => server.kill("SIGTERM");
  try {
    await waitForHealth(base, server);
  } catch (error) {
    stop();
    throw error;
  }
  return { base, process: server, stop };
}

async function waitForHealth(base: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not become healthy");
}
