/**
 * Fan-out of one event to N followers (decision 085): `notifyIn` (multi-row inserts of 500 with ON CONFLICT and
 * RETURNING) against a baseline measured in the same run, one INSERT per recipient in one transaction, and a repeat of
 * the event (dedup: nothing inserted). SQLite in a temporary folder.
 *
 * Then the spec-version fan-out as an import starts it (decisions 081, 085): a re-import of an API the N users follow
 * (a tenth of them chose e-mail, a tenth turned the kind off), its time until every follower is covered, and whether
 * requests stall meanwhile: a small request (follow another API, then read the unread count) timed 40 times on an idle
 * server as the baseline, then over and over while the fan-out runs; the ratios of the median and the slowest to the
 * idle median are printed.
 * Run: npx tsx bench/notification-fanout.ts [followers=10000]
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { newId } from "../src/common/ids";
import { getViewer } from "../src/core/accounts/accounts.service";
import { importApiSpec } from "../src/core/api-specs/api-specs.service";
import { onSpecVersionPublished } from "../src/core/api-specs/spec-change-notifications";
import { countUnreadNotifications } from "../src/core/notifications/notifications.service";
import { notifyIn } from "../src/core/notifications/notify";
import { followApi } from "../src/core/social/social.service";
import { openDatabase } from "../src/db/connection";
import { migrateToLatest } from "../src/db/migrate";
import { createTestApi } from "../tests/factories/apis";
import { createTestTenant } from "../tests/factories/tenants";
import { createTestUser } from "../tests/factories/users";

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

// ---- The spec-version fan-out of an import, and requests meanwhile ----
const fixture = (name: string) => readFileSync(path.join("tests/fixtures/api-specs", name), "utf8");
const ownerRow = await createTestUser(db, tenantId, { username: "bench-owner" });
const owner = await getViewer(db, tenantId, ownerRow.id);
if (!owner) throw new Error("owner missing");
const api = await createTestApi(db, tenantId, { owner_id: owner.id, slug: "bench-popular" });
const other = await createTestApi(db, tenantId, { owner_id: owner.id, slug: "bench-other" });
await importApiSpec({ db, tenantId, viewer: owner }, api.id, { text: fixture("bookshop-v1.openapi-3.0.yaml") });
for (let i = 0; i < ids.length; i += 500) {
  const page = ids.slice(i, i + 500);
  await db.kysely
    .insertInto("api_follows")
    .values(
      page.map((userId) => ({
        id: newId("fol"),
        tenant_id: tenantId,
        user_id: userId,
        api_id: api.id,
        status: "ACTIVE" as const,
        created_at: Date.now(),
      })),
    )
    .execute();
  const choices = page.flatMap((userId, k) =>
    k % 10 === 0 ? [{ userId, channel: "email" }] : k % 10 === 1 ? [{ userId, channel: "off" }] : [],
  );
  await db.kysely
    .insertInto("notification_preferences")
    .values(
      choices.map((c) => ({
        tenant_id: tenantId,
        user_id: c.userId,
        kind: "spec_version",
        channel: c.channel,
        updated_at: Date.now(),
      })),
    )
    .execute();
}

let probeSeq = 0;
/**
 * One small request: a new user follows another API (a write with its own notification), then reads its count; timed
 * from its arrival to its answer.
 */
async function probe(): Promise<number> {
  const row = await createTestUser(db, tenantId, { username: `probe-${++probeSeq}` });
  const viewer = await getViewer(db, tenantId, row.id);
  // Timed from its arrival: a request reaches the server through I/O (a macrotask), so it waits for whatever holds
  // the event loop before it starts.
  const start = performance.now();
  await new Promise<void>((resolve) => setImmediate(resolve));
  await followApi({ db, tenantId, viewer }, { apiId: other.id });
  await countUnreadNotifications({ db, tenantId, viewer });
  return performance.now() - start;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

for (let i = 0; i < 5; i++) await probe(); // warm-up
const idle: number[] = [];
for (let i = 0; i < 40; i++) idle.push(await probe());
const idleMedian = median(idle);

// The import stores the change and (awaited here) fans it out; the mark and the rows are then reset so the fan-out
// is timed on its own, with requests running beside it as they would beside the import's background fan-out.
const second = await importApiSpec(
  { db, tenantId, viewer: owner },
  api.id,
  { text: fixture("bookshop-v2.openapi-3.1.json") },
  {
    awaitNotifications: true,
  },
);
await db.kysely
  .updateTable("api_version_changes")
  .set({ notified_at: null })
  .where("version_id", "=", second.version.id)
  .execute();
await db.kysely
  .deleteFrom("notifications")
  .where("tenant_id", "=", tenantId)
  .where("cta_url", "like", "%/changelog%")
  .execute();
await db.kysely.deleteFrom("mail_outbox").where("tenant_id", "=", tenantId).execute();
const during: number[] = [];
let done = false;
const fanStart = performance.now();
const fan = onSpecVersionPublished(db, { tenantId, apiId: api.id, versionId: second.version.id }).then((n) => {
  done = true;
  return { n, ms: performance.now() - fanStart };
});
while (!done) during.push(await probe());
const result = await fan;
const covered = await db.kysely
  .selectFrom("notifications")
  .select((eb) => eb.fn.countAll<number>().as("n"))
  .where("tenant_id", "=", tenantId)
  .where("cta_url", "like", "%/changelog%")
  .executeTakeFirstOrThrow();
const mails = await db.kysely
  .selectFrom("mail_outbox")
  .select((eb) => eb.fn.countAll<number>().as("n"))
  .where("tenant_id", "=", tenantId)
  .executeTakeFirstOrThrow();
console.log(
  `spec-version fan-out to ${followers} followers: ${result.ms.toFixed(0)} ms; ${Number(covered.n)} notifications, ` +
    `${Number(mails.n)} mails in the outbox`,
);
console.log(
  `request during the fan-out (${during.length} requests): median ${median(during).toFixed(1)} ms, slowest ` +
    `${Math.max(0, ...during).toFixed(1)} ms; idle median ${idleMedian.toFixed(1)} ms (slowest idle ` +
    `${Math.max(...idle).toFixed(1)} ms)`,
);
console.log(
  `ratio to the idle median: median ${(median(during) / idleMedian).toFixed(2)}, slowest ` +
    `${(Math.max(0, ...during) / idleMedian).toFixed(2)}`,
);
await db.close();
