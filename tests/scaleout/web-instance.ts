import pino from "pino";
import { bridgeTenantChanges } from "../../src/api/tenant-change-bridge";
import { buildWebServer } from "../../src/api/web-server";
import { loadConfig } from "../../src/config";
import { ImportProgressBoard } from "../../src/core/api-specs/import-progress";
import { SpecWorkerPool } from "../../src/core/specs/spec-worker-pool";
import { openDatabase } from "../../src/db/connection";
import { buildProviders } from "../../src/server/providers";

/*
 * One web instance of a scale-out test, in its own process (so nothing is shared with the other instance but
 * PostgreSQL and Redis): the HTTP and GraphQL surface without pages, plus the tenant-change bridge main.ts wires.
 * Prints "ready <port>" once listening; exits on SIGTERM.
 */
const config = loadConfig({ ...process.env, LOG_LEVEL: "silent" });
if (!config.REDIS_URL || !config.DATABASE_URL) throw new Error("DATABASE_URL and REDIS_URL are required");
const db = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.PORTICO_DATA_DIR, poolSize: 2 });
const app = await buildWebServer({
  config,
  db,
  logger: pino({ level: "silent" }),
  specImports: { processor: new SpecWorkerPool(), progress: new ImportProgressBoard() },
  providers: buildProviders({ config, db, log: { info() {} } }),
});
const stopBridge = bridgeTenantChanges(config.REDIS_URL);
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
console.log(`ready ${typeof address === "object" && address ? address.port : 0}`);
process.once("SIGTERM", async () => {
  await stopBridge();
  await app.close();
  await db.close();
  process.exit(0);
});
