/**
 * A gateway-only server entry (no web stack to load) for `bench/gateway-profile.ts callgrind`, which bundles it with
 * esbuild: Node's start-up under valgrind through tsx and the whole server takes many minutes of CPU.
 */
import { loadConfig } from "../src/config";
import { openDatabase } from "../src/db/connection";
import { migrateToLatest } from "../src/db/migrate";
import { startGateway } from "../src/gateway/gateway-server";
import { counterStoreFor } from "../src/infra/counters/counter-stores";
import { createLogger } from "../src/server/logger";

const config = loadConfig();
const logger = createLogger(config);
const db = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.PORTICO_DATA_DIR });
await migrateToLatest(db);
await startGateway({ config, db, logger, counters: counterStoreFor(config) });
