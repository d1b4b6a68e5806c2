import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../src/config";
import type { Db } from "../src/db/connection";
import { type RunningGateway, startGateway } from "../src/gateway/gateway-server";
import { counterStoreFor } from "../src/infra/counters/counter-stores";

export const silentLogger = { info() {}, warn() {}, error() {} };

/** Starts a gateway on a free loopback port with test-friendly settings; `env` overrides config keys. */
export async function startTestGateway(db: Db, env: Record<string, string> = {}): Promise<RunningGateway> {
  const config = loadConfig({
    GATEWAY_PORT: "0",
    GATEWAY_HOST: "127.0.0.1",
    PORTICO_DATA_DIR: path.join(os.tmpdir(), `portico-gw-${process.pid}-${Math.random().toString(36).slice(2)}`),
    GATEWAY_ALLOW_PRIVATE_UPSTREAMS: "true",
    GATEWAY_METERING_FLUSH_MS: "50",
    LOG_LEVEL: "silent",
    ...env,
  });
  return startGateway({ config, db, logger: silentLogger, counters: counterStoreFor(config) });
}

/** A loopback upstream for tests; the handler decides everything. */
export async function startUpstream(
  handler: http.RequestListener,
): Promise<{ url: string; server: http.Server; close(): Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
