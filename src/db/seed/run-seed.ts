import { ConfigError, loadConfig } from "../../config";
import { searchBackendFor } from "../../infra/search/search-backends";
import { openDatabase } from "../connection";
import { migrateToLatest } from "../migrate";
import { seedIfEmpty } from "./seed-demo-catalog";

/** `npm run seed`: migrate the configured database and seed the demo catalog if it is empty. */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.PORTICO_DATA_DIR });
  try {
    await migrateToLatest(db);
    // A composition root of its own (a command line): it needs only the search engine of the providers.
    const report = await seedIfEmpty(db, {
      dataDir: config.PORTICO_DATA_DIR,
      log: (line) => console.log(line),
      search: searchBackendFor(db),
    });
    if (!report) {
      console.log('Tenant "1" already exists: nothing seeded.');
      return;
    }
    console.log(JSON.stringify(report, null, 2));
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
