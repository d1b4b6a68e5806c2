/**
 * Fan-out of one event to N followers (decision 085): `notifyIn` (multi-row inserts of 500 with ON CONFLICT and
 * RETURNING) against a baseline measured in the same run, one INSERT per recipient in one transaction, and a repeat of
 * the event (dedup: nothing inserted). SQLite in a temporary folder.
 * Run: npx tsx bench/notification-fanout.ts [followers=10000]
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { newId } from "../src/common/ids";
import { notifyIn } from "../src/core/notifications/notify";
import { openDatabase } from "../src/db/connection";
import { migrateToLatest } from "../src/db/migrate";
import { createTestTenant } from "../tests/factories/tenants";

const followers = Number(process.argv[2] ?? 10_000);
const db = openDatabase({ databaseUrl: undefined, dataDir: mkdtempSync(path.join(tmpdir(), "fanout-")) });
await migrateToLatest(db);
const tenantId = (await createTestTenant(db)).id;
const ids: string[] = [];
for (let i = 0; i < followers; i += 500) {
  const rows = Array.from({ length: Math.min(500, followers - i) }, (_, k) => ({
    id: newId("usr"),
    tenant_id: tenantId,
    username: `f${i + k}`,
    email: `f${i + k}@example.test`,
    name: `F ${i + k}`,
    is_demo: 0 as const,
    created_at: Date.now(),
    email_verified_at: Date.now(),
    thumbnail: null,
    position: null,
    company: null,
    location: null,
    bio: null,
  }));
  await db.kysely.insertInto("users").values(rows).execute();
  ids.push(...rows.map((r) => r.id));
}

async function timed(label: string, work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  const ms = performance.now() - start;
  console.log(`${label}: ${ms.toFixed(0)} ms`);
  return ms;
}

const baseline = await timed(`baseline, one INSERT per follower (${followers})`, () =>
  db.kysely.transaction().execute(async (trx) => {
    for (const userId of ids) {
      await trx
        .insertInto("notifications")
        .values({
          id: newId("ntf"),
          tenant_id: tenantId,
          user_id: userId,
          type: "info",
          title: "Baseline",
          body_html: "",
          is_new: 1,
          is_read: 0,
          created_at: Date.now(),
          kind: "spec_version",
          dedup_key: "bench:baseline",
        })
        .execute();
    }
  }),
);
const event = {
  kind: "spec_version" as const,
  dedupKey: "bench:v2",
  params: { api: "Bench API", version: "2.0.0" },
  url: "/bench/api/bench",
};
const fanout = await timed(`notifyIn to ${followers} followers`, () =>
  db.kysely.transaction().execute((trx) => notifyIn(trx, tenantId, ids, event)),
);
await timed("the same event again (dedup, nothing inserted)", () =>
  db.kysely.transaction().execute((trx) => notifyIn(trx, tenantId, ids, event)),
);
console.log(`ratio notifyIn / baseline: ${(fanout / baseline).toFixed(2)}`);
await db.close();
