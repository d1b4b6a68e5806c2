import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3210);
// The gateway listens on its own port; the default 3001 may be taken by a developer's running instance.
const gatewayPort = Number(process.env.E2E_GATEWAY_PORT ?? port + 1);
// A fresh data dir per run: the server seeds the shipped demo catalog on start.
// Workers load this file again (with their own pid) but inherit the runner's environment, so the first value sticks:
// the sign-up helper reads confirmation links from this run's database (tests/e2e/sign-up.ts).
const dataDir = process.env.PORTICO_E2E_DATA_DIR ?? path.join(os.tmpdir(), `portico-e2e-${process.pid}`);
process.env.PORTICO_E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: "tests/e2e",
  workers: 1,
  // One retry in CI only: a loaded shared machine can starve a step; a retried test is still reported as flaky.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: process.env.CI ? "list" : "line",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: "chromium",
    // Debian's Chromium; tests never download a browser.
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
    trace: "off",
  },
  webServer: {
    command: "node --import tsx src/server/main.ts",
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      GATEWAY_PORT: String(gatewayPort),
      GATEWAY_HOST: "127.0.0.1",
      HOST: "127.0.0.1",
      PORTICO_DATA_DIR: dataDir,
      PORTICO_SHARED_DATA: path.resolve("data/demo"),
      // The first 400 specs of the APIs.guru directory (smallest first, a few seconds, imported before the server
      // listens): directory APIs with endpoints, ~50 with demo plans, two documented weather APIs, without the minutes
      // of the whole directory.
      PORTICO_DIRECTORY: "400",
      LOG_LEVEL: "warn",
      // Every e2e sign-up comes from 127.0.0.1: the per-IP sign-up limit (default 20 an hour) would end the run.
      SIGN_UP_MAX_PER_IP_PER_HOUR: "10000",
    },
  },
});
