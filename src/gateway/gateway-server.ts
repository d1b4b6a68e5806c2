import http from "node:http";
import type { AddressInfo } from "node:net";
import { DEFAULT_TENANT_ID } from "../common/tenant-config";
import type { Config } from "../config";
import { appSubscribedApis, loadApiTools } from "../core/mcp/mcp-tools.service";
import { type GatewayChange, onGatewayChange } from "../core/plans/gateway-changes";
import type { Db } from "../db/connection";
import type { CounterStore } from "../infra/counters/counter-store";
import { subscribeToRemoteChanges } from "./change-bridge";
import { type DemoUpstreams, startDemoUpstreams } from "./demo-upstreams";
import { GatewayDirectory } from "./gateway-directory";
import { createGatewayHandler } from "./gateway-handler";
import { createMcpEndpoint, type McpEndpoint } from "./mcp/mcp-endpoint";
import { MeteringBuffer } from "./metering-buffer";
import { UpstreamPools } from "./upstream-pools";

/** The version the MCP servers announce (the MCP protocol version is negotiated separately by the SDK). */
const MCP_SERVER_VERSION = "1.0.0";

export type GatewayConfig = Pick<
  Config,
  | "GATEWAY_PORT"
  | "HOST"
  | "GATEWAY_HOST"
  | "PORTICO_DATA_DIR"
  | "REDIS_URL"
  | "GATEWAY_MAX_BODY_BYTES"
  | "GATEWAY_ALLOW_PRIVATE_UPSTREAMS"
  | "GATEWAY_UPSTREAM_TIMEOUT_MS"
  | "GATEWAY_UPSTREAM_IDLE_TIMEOUT_MS"
  | "GATEWAY_RESPONSE_DEADLINE_MS"
  | "GATEWAY_HEADERS_TIMEOUT_MS"
  | "GATEWAY_REQUEST_TIMEOUT_MS"
  | "GATEWAY_CACHE_TTL_MS"
  | "GATEWAY_BILLING_JOURNAL"
  | "GATEWAY_BILLING_FSYNC"
  | "GATEWAY_METERING_FLUSH_MS"
  | "GATEWAY_DEMO_UPSTREAMS"
>;

export interface GatewayLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface RunningGateway {
  /** http://host:port the gateway listens on (the port is the real one when GATEWAY_PORT=0). */
  url: string;
  port: number;
  counters: CounterStore;
  directory: GatewayDirectory;
  metering: MeteringBuffer;
  /** The built-in demo upstreams' origin in this process, or null (the health probes reach them here). */
  demoOrigin: string | null;
  /** Writes buffered usage now (tests, shutdown). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the data plane on GATEWAY_PORT: its own node:http listener (no framework on the hot path), in-memory
 * directory of keys/plans/subscriptions, exact counters, undici pools to upstreams, batched metering.
 */
export async function startGateway(deps: {
  config: GatewayConfig;
  db: Db;
  logger: GatewayLogger;
  /** Built by the composition root (src/infra/counters/counter-stores.ts); the gateway closes it on close(). */
  counters: CounterStore;
}): Promise<RunningGateway> {
  const { config, db, logger, counters } = deps;
  const demo: DemoUpstreams | null = config.GATEWAY_DEMO_UPSTREAMS ? await startDemoUpstreams() : null;
  const directory = new GatewayDirectory(db, {
    ttlMs: config.GATEWAY_CACHE_TTL_MS,
    allowPrivateUpstreams: config.GATEWAY_ALLOW_PRIVATE_UPSTREAMS,
    demoOrigin: demo?.origin ?? null,
  });
  // The MCP endpoint, once the handler built it (it runs calls through the handler's stages).
  const mcp: { endpoint: McpEndpoint | null } = { endpoint: null };
  const onChange = (change: GatewayChange) => {
    directory.invalidate(change);
    mcp.endpoint?.changed(change);
  };
  const stopLocal = onGatewayChange(onChange);
  const stopRemote = config.REDIS_URL ? subscribeToRemoteChanges(config.REDIS_URL, onChange) : null;
  const pools = new UpstreamPools({
    allowPrivateUpstreams: config.GATEWAY_ALLOW_PRIVATE_UPSTREAMS,
    headersTimeoutMs: config.GATEWAY_UPSTREAM_TIMEOUT_MS,
    bodyTimeoutMs: config.GATEWAY_UPSTREAM_IDLE_TIMEOUT_MS,
  });
  const metering = new MeteringBuffer(db, counters, {
    flushMs: config.GATEWAY_METERING_FLUSH_MS,
    maxBuffered: 200_000,
    maxBatch: 5_000,
    logger,
  });
  metering.start();
  const handler = createGatewayHandler(
    {
      directory,
      counters,
      pools,
      metering,
      maxBodyBytes: config.GATEWAY_MAX_BODY_BYTES,
      responseDeadlineMs: config.GATEWAY_RESPONSE_DEADLINE_MS,
      defaultTenantId: DEFAULT_TENANT_ID,
      logger,
    },
    {
      mcp: (gateway) => {
        mcp.endpoint = createMcpEndpoint(gateway, {
          loadTools: (tenantId, apiId, versionId) => loadApiTools(db, tenantId, apiId, versionId),
          appApis: (tenantId, appId) => appSubscribedApis(db, tenantId, appId),
          defaultTenantId: DEFAULT_TENANT_ID,
          version: MCP_SERVER_VERSION,
        });
        return mcp.endpoint;
      },
    },
  );
  const server = http.createServer(
    {
      // Slowloris: headers must arrive within GATEWAY_HEADERS_TIMEOUT_MS, checked every second.
      headersTimeout: config.GATEWAY_HEADERS_TIMEOUT_MS,
      requestTimeout: config.GATEWAY_REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: 1_000,
      keepAliveTimeout: 5_000,
      maxHeaderSize: 16 * 1024,
      noDelay: true,
    },
    handler,
  );
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    // Oversized headers (431), malformed requests (400), header timeouts (408): answer if possible, then close.
    if (!socket.writable) return socket.destroy();
    const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
    const text = http.STATUS_CODES[status] ?? "Bad Request";
    socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  });
  const host = config.GATEWAY_HOST ?? config.HOST;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.GATEWAY_PORT, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
  logger.info({ port, counters: counters.kind, demo: demo?.origin ?? null }, "gateway listening");

  let closed = false;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    counters,
    directory,
    metering,
    demoOrigin: demo?.origin ?? null,
    flush: () => metering.flush(),
    async close() {
      if (closed) return;
      closed = true;
      stopLocal();
      await stopRemote?.();
      await mcp.endpoint?.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 2_000).unref();
      });
      await metering.close();
      await pools.close();
      await counters.close();
      await demo?.close();
    },
  };
}
