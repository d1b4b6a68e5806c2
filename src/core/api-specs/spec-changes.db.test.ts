import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { createTestUser } from "../../../tests/factories/users";
import { userContext } from "../../../tests/factories/viewers";
import { newId } from "../../common/ids";
import type { Db } from "../../db/connection";
import { inviteToApi, revokeApiInvitation } from "../access/private-apis.service";
import { getViewer } from "../accounts/accounts.service";
import type { Viewer } from "../accounts/accounts.types";
import { createApp } from "../apps/apps.service";
import { setNotificationPreferences } from "../notifications/notification-preferences.service";
import { createPlan } from "../plans/plans.service";
import { followApi } from "../social/social.service";
import { subscribeToPlan } from "../subscriptions/subscriptions.service";
import { importApiSpec } from "./api-specs.service";
import { onSpecVersionPublished, sweepSpecChangeNotifications } from "./spec-change-notifications";
import { listApiChangelog } from "./spec-changelog.service";

const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, "../../../tests/fixtures/api-specs", name), "utf8");

async function viewerOf(db: Db, tenantId: string, userId: string): Promise<Viewer> {
  const viewer = await getViewer(db, tenantId, userId);
  if (!viewer) throw new Error("no viewer");
  return viewer;
}

async function notificationsOf(db: Db, tenantId: string, userId: string) {
  return db.kysely
    .selectFrom("notifications")
    .select(["id", "title", "type", "cta_url", "created_at", "body_html", "kind"])
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId)
    .execute();
}

describeEachDialect("spec change feed", ({ db, dialect }) => {
  let tenantId = "";
  let owner: Viewer;

  beforeAll(async () => {
    tenantId = (await createTestTenant(db())).id;
    owner = await viewerOf(db(), tenantId, (await createTestUser(db(), tenantId, { username: "bookseller" })).id);
  });

  it("stores the diff of a re-import, lists it in the changelog and tells subscribers and followers once", async () => {
    const api = await createTestApi(db(), tenantId, { owner_id: owner.id, slug: "bookshop" });
    const follower = await createTestUser(db(), tenantId);
    const subscriber = await createTestUser(db(), tenantId);
    await followApi({ db: db(), tenantId, viewer: await viewerOf(db(), tenantId, follower.id) }, { apiId: api.id });
    // Following and subscribing: one notification, not two.
    await followApi({ db: db(), tenantId, viewer: await viewerOf(db(), tenantId, subscriber.id) }, { apiId: api.id });
    const plan = await createPlan({ db: db(), tenantId, viewer: owner }, api.id, { name: "Free" });
    const quiet = await createTestUser(db(), tenantId);
    const mailed = await createTestUser(db(), tenantId);
    for (const [user, channel] of [
      [quiet, "off"],
      [mailed, "email"],
    ] as const) {
      const v = await viewerOf(db(), tenantId, user.id);
      await followApi({ db: db(), tenantId, viewer: v }, { apiId: api.id });
      await setNotificationPreferences(
        { db: db(), tenantId, viewer: v },
        { preferences: [{ kind: "spec_version", channel }] },
      );
    }
    const app = await createApp(await userContext(db(), tenantId, subscriber.id), { name: "Reader" });
    await subscribeToPlan(await userContext(db(), tenantId, subscriber.id), plan.id, app.id);

    await importApiSpec({ db: db(), tenantId, viewer: owner }, api.id, {
      text: fixture("bookshop-v1.openapi-3.0.yaml"),
    });
    // A first import has nothing to compare with: no changelog entry, nobody notified.
    expect((await listApiChangelog({ db: db(), tenantId, viewer: null }, api.id)).total).toBe(0);
    expect(await notificationsOf(db(), tenantId, follower.id)).toHaveLength(0);

    const second = await importApiSpec(
      { db: db(), tenantId, viewer: owner },
      api.id,
      { text: fixture("bookshop-v2.openapi-3.1.json") },
      { awaitNotifications: true },
    );
    const log = await listApiChangelog({ db: db(), tenantId, viewer: null }, api.id);
    expect(log.total).toBe(1);
    const entry = log.items[0];
    expect(entry).toMatchObject({ versionId: second.version.id, version: "2.0.0", previousVersion: "1.0.0" });
    expect(entry?.diff.removed.map((o) => `${o.method} ${o.path}`)).toEqual(["DELETE /books/{id}"]);
    expect(entry?.breakingCount).toBeGreaterThanOrEqual(1);
    expect(entry?.diff).toEqual(second.diff);

    for (const user of [follower, subscriber]) {
      const got = await notificationsOf(db(), tenantId, user.id);
      expect(got).toHaveLength(1);
      expect(got[0]).toMatchObject({
        type: "error",
        cta_url: `/bookseller/api/bookshop/changelog#v-${second.version.id}`,
      });
      expect(got[0]?.title).toMatch(/ has a new version 2\.0\.0$/);
      expect(got[0]?.body_html).toMatch(/^\d+ breaking changes?: check the changelog/);
      expect(got[0]?.kind).toBe("spec_version");
    }
    // Preferences apply (decision 085): "off" gets nothing, "email" gets the tray and one mail in the outbox.
    for (const user of [quiet, mailed]) {
      const got = await notificationsOf(db(), tenantId, user.id);
      expect(got).toHaveLength(user === quiet ? 0 : 1);
    }
    const mails = await db()
      .kysely.selectFrom("mail_outbox")
      .select(["kind", "subject"])
      .where("tenant_id", "=", tenantId)
      .where("to_address", "=", mailed.email ?? "")
      .execute();
    expect(mails).toEqual([{ kind: "notification:spec_version", subject: expect.stringMatching(/ 2\.0\.0$/) }]);
    // The owner hears of the follow and the subscription (their own events), never of their own spec change.
    const ownerNotes = await notificationsOf(db(), tenantId, owner.id);
    expect(ownerNotes.filter((n) => String(n.cta_url ?? "").includes("/changelog"))).toHaveLength(0);
    const stored = await db()
      .kysely.selectFrom("api_version_changes")
      .select("notified_at")
      .where("version_id", "=", second.version.id)
      .executeTakeFirstOrThrow();
    expect(stored.notified_at).not.toBeNull();

    // A retried fan-out (a crash before notified_at, the sweep) adds nothing.
    await onSpecVersionPublished(db(), { tenantId, apiId: api.id, versionId: second.version.id });
    await db()
      .kysely.updateTable("api_version_changes")
      .set({ notified_at: null, created_at: 0 })
      .where("version_id", "=", second.version.id)
      .execute();
    expect(await sweepSpecChangeNotifications(db(), { now: Date.now() })).toBeGreaterThanOrEqual(1);
    expect(await notificationsOf(db(), tenantId, follower.id)).toHaveLength(1);
    expect(await notificationsOf(db(), tenantId, subscriber.id)).toHaveLength(1);
  });

  it("tells of a private API's new version only those who may still see it", async () => {
    const api = await createTestApi(db(), tenantId, {
      owner_id: owner.id,
      slug: "private-shelf",
      visibility: "PRIVATE",
    });
    const kept = await createTestUser(db(), tenantId);
    const revoked = await createTestUser(db(), tenantId);
    const invitations: Record<string, string> = {};
    for (const user of [kept, revoked]) {
      const invitation = await inviteToApi(
        { db: db(), tenantId, viewer: owner },
        { apiId: api.id, principalType: "USER", principalId: user.id },
      );
      invitations[user.id] = invitation.id;
      await followApi({ db: db(), tenantId, viewer: await viewerOf(db(), tenantId, user.id) }, { apiId: api.id });
    }
    await revokeApiInvitation({ db: db(), tenantId, viewer: owner }, invitations[revoked.id] ?? "");
    await importApiSpec({ db: db(), tenantId, viewer: owner }, api.id, {
      text: fixture("bookshop-v1.openapi-3.0.yaml"),
    });
    await importApiSpec(
      { db: db(), tenantId, viewer: owner },
      api.id,
      { text: fixture("bookshop-v2.openapi-3.1.json") },
      { awaitNotifications: true },
    );
    const changelogNotes = async (userId: string) =>
      (await notificationsOf(db(), tenantId, userId)).filter((n) => String(n.cta_url ?? "").includes("/changelog"));
    expect(await changelogNotes(kept.id)).toHaveLength(1);
    expect(await changelogNotes(revoked.id)).toHaveLength(0);
  });

  it("fans one version out to 10,000 followers in batches (prints the time)", async () => {
    const api = await createTestApi(db(), tenantId, { owner_id: owner.id, slug: "popular" });
    await importApiSpec({ db: db(), tenantId, viewer: owner }, api.id, {
      text: fixture("bookshop-v1.openapi-3.0.yaml"),
    });
    const now = Date.now();
    const users = Array.from({ length: 10_000 }, (_, i) => ({
      id: newId("usr"),
      tenant_id: tenantId,
      username: `fan-${dialect}-${i}`,
      email: null,
      name: `Fan ${i}`,
      thumbnail: null,
      position: null,
      company: null,
      location: null,
      bio: null,
      is_demo: 0 as const,
      created_at: now,
      email_verified_at: now,
    }));
    for (let i = 0; i < users.length; i += 1_000) {
      await db()
        .kysely.insertInto("users")
        .values(users.slice(i, i + 1_000))
        .execute();
      await db()
        .kysely.insertInto("api_follows")
        .values(
          users.slice(i, i + 1_000).map((u) => ({
            id: newId("fol"),
            tenant_id: tenantId,
            user_id: u.id,
            api_id: api.id,
            status: "ACTIVE" as const,
            created_at: now,
          })),
        )
        .execute();
    }
    // Baseline in the same run: the same re-import of an API nobody follows.
    const quiet = await createTestApi(db(), tenantId, { owner_id: owner.id, slug: "quiet" });
    await importApiSpec({ db: db(), tenantId, viewer: owner }, quiet.id, {
      text: fixture("bookshop-v1.openapi-3.0.yaml"),
    });
    const baseStarted = performance.now();
    await importApiSpec({ db: db(), tenantId, viewer: owner }, quiet.id, {
      text: fixture("bookshop-v2.openapi-3.1.json"),
    });
    const baseMs = performance.now() - baseStarted;
    const started = performance.now();
    const second = await importApiSpec({ db: db(), tenantId, viewer: owner }, api.id, {
      text: fixture("bookshop-v2.openapi-3.1.json"),
    });
    // The request's answer: the fan-out goes on after it.
    const importMs = performance.now() - started;
    for (;;) {
      const mark = await db()
        .kysely.selectFrom("api_version_changes")
        .select("notified_at")
        .where("version_id", "=", second.version.id)
        .executeTakeFirstOrThrow();
      if (mark.notified_at !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const fanOutMs = performance.now() - started;
    const count = await db()
      .kysely.selectFrom("notifications")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("tenant_id", "=", tenantId)
      .where("dedup_key", "=", `spec-version:${second.version.id}`)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(10_000);
    // A measurement for the record (docs/decisions/081), never an assertion.
    console.log(
      `[${dialect}] re-import of an API with 10,000 followers answers in ${importMs.toFixed(0)} ms ` +
        `(ratio ${(importMs / baseMs).toFixed(2)} to ${baseMs.toFixed(0)} ms without followers); ` +
        `all 10,000 notified after ${fanOutMs.toFixed(0)} ms`,
    );
  }, 120_000);
});
