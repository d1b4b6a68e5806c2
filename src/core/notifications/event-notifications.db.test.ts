import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { createTestUser } from "../../../tests/factories/users";
import { inviteToApi } from "../access/private-apis.service";
import { getViewer } from "../accounts/accounts.service";
import type { Viewer } from "../accounts/accounts.types";
import { createApp } from "../apps/apps.service";
import { addDiscussionComment, createDiscussion } from "../content/discussions.service";
import { createTutorial, updateTutorial } from "../content/tutorials.service";
import { addOrganizationMember, createOrganization } from "../orgs/orgs.service";
import { createPlan } from "../plans/plans.service";
import { followApi, followUser, unfollowApi } from "../social/social.service";
import { decideSubscription, subscribeToPlan } from "../subscriptions/subscriptions.service";
import { sendNotificationDigests } from "./notification-digest.service";
import { getNotificationPreferences, setNotificationPreferences } from "./notification-preferences.service";
import { notifyIn } from "./notify";

// Decision 085: every event notifies exactly once, in the event's transaction, after the recipient's preferences.
describeEachDialect("notifications from events", ({ db }) => {
  let tenantId: string;
  let provider: Viewer;
  let consumer: Viewer;
  let other: Viewer;
  let apiId: string;

  async function viewer(): Promise<Viewer> {
    const row = await createTestUser(db(), tenantId);
    const v = await getViewer(db(), tenantId, row.id);
    if (!v) throw new Error("viewer missing");
    return v;
  }

  const notificationsOf = (userId: string, kind?: string) => {
    let q = db()
      .kysely.selectFrom("notifications")
      .selectAll()
      .where("tenant_id", "=", tenantId)
      .where("user_id", "=", userId);
    if (kind) q = q.where("kind", "=", kind);
    return q.execute();
  };
  const outboxOf = (email: string | null) =>
    db()
      .kysely.selectFrom("mail_outbox")
      .selectAll()
      .where("tenant_id", "=", tenantId)
      .where("to_address", "=", email ?? "")
      .execute();

  beforeAll(async () => {
    tenantId = (await createTestTenant(db())).id;
    provider = await viewer();
    consumer = await viewer();
    other = await viewer();
    apiId = (await createTestApi(db(), tenantId, { owner_id: provider.id, name: "Weather Pro" })).id;
  });

  it("a follow tells the provider once, even retried at once or after unfollowing; the Followed event is recorded", async () => {
    await Promise.all([1, 2, 3].map(() => followApi({ db: db(), tenantId, viewer: consumer }, { apiId })));
    await unfollowApi({ db: db(), tenantId, viewer: consumer }, { apiId });
    await followApi({ db: db(), tenantId, viewer: consumer }, { apiId });
    const rows = await notificationsOf(provider.id, "api_followed");
    expect(rows).toHaveLength(1);
    expect(rows[0]?.title).toBe(`${consumer.username} followed Weather Pro`);
    expect(JSON.parse(rows[0]?.params ?? "{}")).toMatchObject({ user: consumer.username, api: "Weather Pro" });
    const events = await db()
      .kysely.selectFrom("events")
      .selectAll()
      .where("tenant_id", "=", tenantId)
      .where("type", "=", "Followed")
      .execute();
    // Two real follows (the retries added nothing), each recorded once.
    expect(events.map((e) => JSON.parse(e.payload))).toEqual([{ api_id: apiId }, { api_id: apiId }]);
    // The owner following their own API is no news to them.
    await followApi({ db: db(), tenantId, viewer: provider }, { apiId });
    expect(await notificationsOf(provider.id, "api_followed")).toHaveLength(1);
  });

  it("following a user tells them once", async () => {
    await Promise.all([1, 2].map(() => followUser({ db: db(), tenantId, viewer: other }, { userId: provider.id })));
    expect(await notificationsOf(provider.id, "user_followed")).toHaveLength(1);
  });

  it("subscription request, approval and rejection reach the right side once; a retried decision adds nothing", async () => {
    const plan = await createPlan({ db: db(), tenantId, viewer: provider }, apiId, {
      name: "Gated",
      approvalRequired: true,
    });
    const app = await createApp({ db: db(), tenantId, viewer: consumer }, { name: "Consumer app" });
    const sub = await subscribeToPlan({ db: db(), tenantId, viewer: consumer }, plan.id, app.id);
    expect(sub.status).toBe("pending_approval");
    const requested = await notificationsOf(provider.id, "subscription_requested");
    expect(requested).toHaveLength(1);
    expect(requested[0]?.title).toContain(consumer.username);
    expect(requested[0]?.title).toContain("Gated");

    await decideSubscription({ db: db(), tenantId, viewer: provider }, sub.id, "approve");
    await expect(decideSubscription({ db: db(), tenantId, viewer: provider }, sub.id, "approve")).rejects.toMatchObject(
      {
        code: "CONFLICT",
      },
    );
    const approved = await notificationsOf(consumer.id, "subscription_approved");
    expect(approved).toHaveLength(1);
    expect(approved[0]?.cta_url).toBe("/developer/dashboard");
    // E-mail by default for subscription decisions: one mail in the outbox.
    expect(
      (await outboxOf(consumer.email)).filter((m) => m.kind === "notification:subscription_approved"),
    ).toHaveLength(1);

    const app2 = await createApp({ db: db(), tenantId, viewer: consumer }, { name: "Second app" });
    const sub2 = await subscribeToPlan({ db: db(), tenantId, viewer: consumer }, plan.id, app2.id);
    await decideSubscription({ db: db(), tenantId, viewer: provider }, sub2.id, "reject");
    const rejected = await notificationsOf(consumer.id, "subscription_rejected");
    expect(rejected).toHaveLength(1);
    expect(rejected[0]?.type).toBe("error");
    expect(await notificationsOf(provider.id, "subscription_requested")).toHaveLength(2);

    await decideSubscription({ db: db(), tenantId, viewer: provider }, sub.id, "suspend");
    await decideSubscription({ db: db(), tenantId, viewer: provider }, sub.id, "reactivate");
    expect(await notificationsOf(consumer.id, "subscription_suspended")).toHaveLength(1);
    expect(await notificationsOf(consumer.id, "subscription_reactivated")).toHaveLength(1);
  });

  it("preferences: off stores nothing, in_app sends no mail; bad input is refused and changes nothing", async () => {
    await setNotificationPreferences(
      { db: db(), tenantId, viewer: consumer },
      {
        preferences: [
          { kind: "subscription_approved", channel: "off" },
          { kind: "subscription_rejected", channel: "in_app" },
        ],
      },
    );
    const plan = await createPlan({ db: db(), tenantId, viewer: provider }, apiId, {
      name: "Gated 2",
      approvalRequired: true,
    });
    const mailsBefore = (await outboxOf(consumer.email)).length;
    for (const [name, decision] of [
      ["Off app", "approve"],
      ["In-app app", "reject"],
    ] as const) {
      const app = await createApp({ db: db(), tenantId, viewer: consumer }, { name });
      const sub = await subscribeToPlan({ db: db(), tenantId, viewer: consumer }, plan.id, app.id);
      await decideSubscription({ db: db(), tenantId, viewer: provider }, sub.id, decision);
    }
    expect(await notificationsOf(consumer.id, "subscription_approved")).toHaveLength(1);
    expect(await notificationsOf(consumer.id, "subscription_rejected")).toHaveLength(2);
    expect((await outboxOf(consumer.email)).length).toBe(mailsBefore);

    await expect(
      setNotificationPreferences(
        { db: db(), tenantId, viewer: consumer },
        {
          preferences: [
            { kind: "message", channel: "off" },
            { kind: "message", channel: "loud" },
          ],
        },
      ),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(
      setNotificationPreferences(
        { db: db(), tenantId, viewer: consumer },
        { preferences: [{ kind: "nope", channel: "off" }] },
      ),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const prefs = await getNotificationPreferences({ db: db(), tenantId, viewer: consumer });
    expect(prefs.items.find((p) => p.kind === "message")?.channel).toBe("email");
    expect(prefs.items.find((p) => p.kind === "subscription_approved")?.channel).toBe("off");
    await expect(getNotificationPreferences({ db: db(), tenantId, viewer: null })).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
  });

  it("the same dedup key never notifies twice; the digest mails waiting e-mails once", async () => {
    const event = {
      kind: "message" as const,
      dedupKey: "test:digest-1",
      params: { user: "ann", subject: "Hello" },
      text: "<script>alert(1)</script> hi",
      url: "/developer/messages/x",
    };
    await setNotificationPreferences({ db: db(), tenantId, viewer: other }, { emailDigest: true });
    expect(await notifyIn(db().kysely, tenantId, [other.id], event)).toBe(1);
    expect(await notifyIn(db().kysely, tenantId, [other.id], event)).toBe(0);
    await notifyIn(db().kysely, tenantId, [other.id], { ...event, dedupKey: "test:digest-2" });
    const rows = await notificationsOf(other.id, "message");
    expect(rows).toHaveLength(2);
    expect(rows[0]?.body_html).not.toContain("<script>");
    expect(rows.every((r) => r.mail_state === "digest")).toBe(true);
    expect(await outboxOf(other.email)).toHaveLength(0);

    const [first, second] = await Promise.all([sendNotificationDigests(db()), sendNotificationDigests(db())]);
    expect((first?.mailed ?? 0) + (second?.mailed ?? 0)).toBe(1);
    const mails = await outboxOf(other.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body_text).toContain("New message from ann: Hello");
    expect((await sendNotificationDigests(db())).mailed).toBe(0);
    await expect(
      notifyIn(db().kysely, tenantId, [other.id], { ...event, url: "javascript:alert(1)" }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("discussion comments, tutorials, organizations and private-API invitations notify once each", async () => {
    const discussion = await createDiscussion({ db: db(), tenantId, viewer: consumer }, apiId, {
      title: "Rate limits?",
      body: "How many?",
    });
    await addDiscussionComment({ db: db(), tenantId, viewer: provider }, discussion.id, { body: "100 a minute" });
    await addDiscussionComment({ db: db(), tenantId, viewer: consumer }, discussion.id, { body: "Thanks" });
    const comments = await notificationsOf(consumer.id, "discussion_comment");
    expect(comments).toHaveLength(1);
    expect(comments[0]?.body_html).toBe("100 a minute");

    // consumer follows apiId (first test); a draft tells no one, its first publication does, later edits do not.
    const tutorial = await createTutorial({ db: db(), tenantId, viewer: provider }, apiId, {
      title: "Start",
      body: "Go",
      draft: true,
    });
    expect(await notificationsOf(consumer.id, "tutorial_published")).toHaveLength(0);
    await updateTutorial({ db: db(), tenantId, viewer: provider }, tutorial.id, { draft: false });
    await updateTutorial({ db: db(), tenantId, viewer: provider }, tutorial.id, { body: "Go on" });
    expect(await notificationsOf(consumer.id, "tutorial_published")).toHaveLength(1);

    const org = await createOrganization({ db: db(), tenantId, viewer: provider }, { name: "Acme Labs" });
    await addOrganizationMember({ db: db(), tenantId, viewer: provider }, org.id, { username: other.username });
    expect(await notificationsOf(other.id, "org_added")).toHaveLength(1);

    const privateApi = await createTestApi(db(), tenantId, { owner_id: provider.id, visibility: "PRIVATE" });
    await inviteToApi(
      { db: db(), tenantId, viewer: provider },
      {
        apiId: privateApi.id,
        principalType: "USER",
        username: other.username,
      },
    );
    await expect(
      inviteToApi(
        { db: db(), tenantId, viewer: provider },
        { apiId: privateApi.id, principalType: "USER", username: other.username },
      ),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await notificationsOf(other.id, "private_api_invite")).toHaveLength(1);
  });
});
