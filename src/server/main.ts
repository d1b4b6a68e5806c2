import "./node-env";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { bridgeTenantChanges } from "../api/tenant-change-bridge";
import { buildWebServer } from "../api/web-server";
import { DEFAULT_TENANT_ID } from "../common/tenant-config";
import { ConfigError, loadConfig } from "../config";
import { openDatabase } from "../db/connection";
import { migrateToLatest } from "../db/migrate";
import { ensureDemoApis } from "../db/seed/demo/demo-apis";
import { directoryIdsInScope, startDirectoryImport } from "../db/seed/directory/run-directory-import";
import { ensureCatalogTranslations } from "../db/seed/seed-catalog-translations";
import { seedIfEmpty } from "../db/seed/seed-demo-catalog";
import { publishGatewayChanges } from "../gateway/change-bridge";
import { startGateway } from "../gateway/gateway-server";
import { counterStoreFor } from "../infra/counters/counter-stores";
import { startWorker } from "../worker/worker";
import { createLogger } from "./logger";
import { buildProviders } from "./providers";

const BUILD_DIR = path.resolve("build");

async function loadServerBuild(): Promise<ServerBuild> {
  const entry = path.join(BUILD_DIR, "server", "index.js");
  if (!fs.existsSync(entry)) {
    throw new Error(`No React Router build at ${entry}: run "npm run build" first (npm start does it for you).`);
  }
  return (await import(pathToFileURL(entry).href)) as ServerBuild;
}

/** Composition root: one process runs the services named in PORTICO_SERVICES (all three in embedded mode). */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);
  const db = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.PORTICO_DATA_DIR });
  await migrateToLatest(db);
  // Built once for the process and handed down through the request, GraphQL and job contexts (decision 070).
  const providers = buildProviders({ config, db, log: logger });
  if (config.PORTICO_SEED === "auto") {
    const scope = config.PORTICO_DIRECTORY;
    const report = await seedIfEmpty(db, {
      dataDir: config.PORTICO_DATA_DIR,
      log: (line) => logger.info(line),
      search: providers.search,
      directory: scope === "off" ? undefined : { ids: directoryIdsInScope(scope) },
    });
    if (report) logger.info({ seed: report }, "demo catalog seeded");
    // The in-process demo upstreams (Portico Echo, Portico Geo) with their plans, so subscribe-and-call works offline.
    const demoApis = await ensureDemoApis(db, DEFAULT_TENANT_ID);
    if (demoApis.length > 0) logger.info({ demoApis }, "demo gateway APIs added");
    // Category and collection names in every language for databases seeded before migration 130 (decision 130).
    const translations = await ensureCatalogTranslations(db);
    if (translations > 0) logger.info({ translations }, "demo catalog translations added");
    // The APIs.guru directory: in the background (pages are served meanwhile, /admin shows the progress), resuming
    // where a previous start stopped. A count (tests) is imported before the server listens, so tests see it whole.
    const directory = startDirectoryImport(db, {
      tenantId: DEFAULT_TENANT_ID,
      scope,
      log: (line) => logger.info(line),
    });
    if (typeof scope === "object") await directory.done;
  }

  const closers: Array<() => Promise<unknown>> = [];
  if (config.PORTICO_SERVICES.has("web")) {
    const app = await buildWebServer({
      config,
      db,
      logger,
      providers,
      build: await loadServerBuild(),
      clientDir: path.join(BUILD_DIR, "client"),
    });
    await app.listen({ port: config.PORT, host: config.HOST });
    closers.push(() => app.close());
    // Scale-out: gateway instances in other processes learn about revoked keys and plan changes through Redis.
    if (config.REDIS_URL) closers.push(publishGatewayChanges(config.REDIS_URL));
    // Scale-out: tenant settings saved on one web instance apply on every other one at once (decision 120).
    if (config.REDIS_URL) closers.push(bridgeTenantChanges(config.REDIS_URL));
  }
  let gatewayHere: { url: string; demoOrigin: string | null } | null = null;
  if (config.PORTICO_SERVICES.has("gateway")) {
    // The counters belong to the data plane alone: only a process that runs the gateway opens them (and its journal).
    const gateway = await startGateway({ config, db, logger, counters: counterStoreFor(config) });
    closers.push(() => gateway.close());
    gatewayHere = gateway;
  }

  if (config.PORTICO_SERVICES.has("worker")) {
    // Billing runs, reconciliation and housekeeping; every job is idempotent, so several workers may run at once.
    const worker = startWorker({
      db,
      logger,
      providers,
      // Health probes (decision 101): mock-mode and built-in demo APIs are probed through this process's gateway.
      health: {
        allowPrivate: config.GATEWAY_ALLOW_PRIVATE_UPSTREAMS,
        gatewayOrigin: gatewayHere?.url ?? null,
        demoOrigin: gatewayHere?.demoOrigin ?? null,
        timeoutMs: config.HEALTH_PROBE_TIMEOUT_MS,
      },
    });
    closers.push(() => worker.stop());
    // A worker-only process tells remote gateways about suspensions through Redis like the web service does.
    if (config.REDIS_URL && !config.PORTICO_SERVICES.has("web")) closers.push(publishGatewayChanges(config.REDIS_URL));
  }

  const shutdown = async (signal: string) => {
    logger.info({ signal }, "shutting down");
    for (const close of closers) await close();
    await db.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
