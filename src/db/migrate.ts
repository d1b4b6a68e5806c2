import { type Migration, type MigrationProvider, Migrator } from "kysely";
import type { Db } from "./connection";
import * as m001 from "./migrations/001-catalog";
import * as m002 from "./migrations/002-catalog-read-indexes";
import * as m003 from "./migrations/003-notifications";
import * as m010 from "./migrations/010-search";
import * as m011 from "./migrations/011-events";
import * as m012 from "./migrations/012-search-scale";
import * as m020 from "./migrations/020-accounts";
import * as m021 from "./migrations/021-mail-delivery";
import * as m022 from "./migrations/022-email-verification";
import * as m030 from "./migrations/030-gateway";
import * as m031 from "./migrations/031-usage-series";
import * as m032 from "./migrations/032-api-pricing-from-plans";
import * as m033 from "./migrations/033-usage-journal-marks";
import * as m040 from "./migrations/040-billing";
import * as m041 from "./migrations/041-subscription-billing";
import * as m042 from "./migrations/042-subscription-payment-locks";
import * as m043 from "./migrations/043-plan-change-requests";
import * as m050 from "./migrations/050-content";
import * as m080 from "./migrations/080-ratings";
import * as m081 from "./migrations/081-spec-changes";
import * as m082 from "./migrations/082-discussion-answers";
import * as m085 from "./migrations/085-notification-events";
import * as m086 from "./migrations/086-messages";
import * as m090 from "./migrations/090-analytics";
import * as m091 from "./migrations/091-analytics-ranking";
import * as m092 from "./migrations/092-analytics-latest-totals";
import * as m093 from "./migrations/093-usage-records-partitions";
import * as m100 from "./migrations/100-directory-imports";
import * as m101 from "./migrations/101-api-health-probes";
import * as m110 from "./migrations/110-endpoint-kind";
import * as m120 from "./migrations/120-tenant-config-versions";
import * as m130 from "./migrations/130-catalog-translations";
import * as m142 from "./migrations/142-api-logos";
import * as m150 from "./migrations/150-mcp-tool-settings";

// Migrations are listed here, not discovered on disk, so they work the same under tsx, Vitest and bundlers.
const migrations: Record<string, Migration> = {
  "001-catalog": m001,
  "002-catalog-read-indexes": m002,
  "003-notifications": m003,
  "010-search": m010,
  "011-events": m011,
  "012-search-scale": m012,
  "020-accounts": m020,
  "021-mail-delivery": m021,
  "022-email-verification": m022,
  "030-gateway": m030,
  "031-usage-series": m031,
  "032-api-pricing-from-plans": m032,
  "033-usage-journal-marks": m033,
  "040-billing": m040,
  "041-subscription-billing": m041,
  "042-subscription-payment-locks": m042,
  "043-plan-change-requests": m043,
  "050-content": m050,
  "110-endpoint-kind": m110,
  "130-catalog-translations": m130,
  "150-mcp-tool-settings": m150,
  "142-api-logos": m142,
  "080-ratings": m080,
  "081-spec-changes": m081,
  "082-discussion-answers": m082,
  "100-directory-imports": m100,
  "101-api-health-probes": m101,
  "120-tenant-config-versions": m120,
  "085-notification-events": m085,
  "086-messages": m086,
  "090-analytics": m090,
  "091-analytics-ranking": m091,
  "092-analytics-latest-totals": m092,
  "093-usage-records-partitions": m093,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<void> {
  // Issues land in parallel with their own numbered migrations; a dev database may have applied a later number first.
  const migrator = new Migrator({ db: db.kysely, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? "(unknown)"} failed: ${reason}`);
  }
}
