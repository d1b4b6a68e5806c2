import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { createTestUser } from "../../../tests/factories/users";
import { inviteToApi } from "../access/private-apis.service";
import { getViewer } from "../accounts/accounts.service";
import type { Viewer } from "../accounts/accounts.types";
import { importApiSpec } from "../api-specs/api-specs.service";
import { onSpecVersionPublished } from "../api-specs/spec-change-notifications";
import { createApp } from "../apps/apps.service";
import { createInvoice, finalizeInvoice } from "../billing/invoices.service";
import { markDiscussionAnswer } from "../content/discussion-answers.service";
import { addDiscussionComment, createDiscussion } from "../content/discussions.service";
import { createTutorial } from "../content/tutorials.service";
import { isAppError } from "../errors/app-error";
import { recordClientEvent } from "../events/client-events.service";
import { FOLLOWED_EVENT, PRESS_SUBSCRIBE_EVENT } from "../events/events.types";
import { replyToThread, sendApiMessage } from "../messages/messages.service";
import { addOrganizationMember, createOrganization, removeOrganizationMember } from "../orgs/orgs.service";
import { addTeamDevelopers, createTeam } from "../orgs/teams.service";
import { createPlan } from "../plans/plans.service";
import { deleteRating, rateApi, replyToReview } from "../ratings/ratings.service";
import { followApi, followUser, unfollowApi } from "../social/social.service";
import { decideSubscription, subscribeToPlan } from "../subscriptions/subscriptions.service";
import { notifyDiscussionComment, notifyMessage, notifySubscriptionTransition } from "./event-notifications";
import { NOTIFICATION_KINDS, type NotificationKind } from "./notification-kinds";

/*
 * The "exactly once, even when the request is retried" (decision 085), one row per event kind: the event
 * happens, then is retried the way it can be retried (the same request again, which the use case refuses or turns
 * into a no-op; the worker's re-delivery of the same event to its producer; undo and redo where the product allows
 * it), and its recipient holds exactly one notification of that kind.
 */

const SPEC_V1 = JSON.stringify({
  openapi: "3.0.3",
  info: { title: "Retry", version: "1.0.0" },
  paths: { "/a": { get: { responses: { "200": { description: "ok" } } } } },
});
const SPEC_V2 = JSON.stringify({
  openapi: "3.0.3",
  info: { title: "Retry", version: "2.0.0" },
  paths: { "/b": { get: { responses: { "200": { description: "ok" } } } } },
});

/** A retried request the use case refuses (a second rating or reply, a decision already taken) is no error here. */
async function retried(work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (!isAppError(error) || !["CONFLICT", "BAD_REQUEST", "FORBIDDEN"].includes(error.code)) throw error;
  }
}

describeEachDialect("every event kind notifies once when retried", ({ db }) => {
  let tenantId = "";
  const viewer = async (): Promise<Viewer> => {
    const v = await getViewer(db(), tenantId, (await createTestUser(db(), tenantId)).id);
    if (!v) throw new Error("viewer missing");
    return v;
  };
  const count = async (userId: string, kind: NotificationKind) => {
    const rows = await db()
      .kysely.selectFrom("notifications")
      .select("id")
      .where("tenant_id", "=", tenantId)
      .where("user_id", "=", userId)
      .where("kind", "=", kind)
      .execute();
    return rows.length;
  };
  /** A provider with a fresh public API. */
  const providerWithApi = async () => {
    const provider = await viewer();
    const api = await createTestApi(db(), tenantId, { owner_id: provider.id, name: "Retry API" });
    return { provider, apiId: api.id };
  };
  /** A paid-free plan needing approval, and a consumer's pending subscription to it. */
  const pendingSubscription = async () => {
    const { provider, apiId } = await providerWithApi();
    const consumer = await viewer();
    const plan = await createPlan({ db: db(), tenantId, viewer: provider }, apiId, {
      name: "Gated",
      approvalRequired: true,
    });
    const app = await createApp({ db: db(), tenantId, viewer: consumer }, { name: "Retry app" });
    const sub = await subscribeToPlan({ db: db(), tenantId, viewer: consumer }, plan.id, app.id);
    return { provider, consumer, apiId, plan, sub };
  };

  beforeAll(async () => {
    tenantId = (await createTestTenant(db())).id;
  });

  const cases: Record<NotificationKind, () => Promise<string>> = {
    api_followed: async () => {
      const { provider, apiId } = await providerWithApi();
      const fan = await viewer();
      await Promise.all([1, 2].map(() => followApi({ db: db(), tenantId, viewer: fan }, { apiId })));
      await unfollowApi({ db: db(), tenantId, viewer: fan }, { apiId });
      await followApi({ db: db(), tenantId, viewer: fan }, { apiId });
      return provider.id;
    },
    user_followed: async () => {
      const [star, fan] = [await viewer(), await viewer()];
      await Promise.all([1, 2].map(() => followUser({ db: db(), tenantId, viewer: fan }, { userId: star.id })));
      return star.id;
    },
    discussion_comment: async () => {
      const { provider, apiId } = await providerWithApi();
      const asker = await viewer();
      const discussion = await createDiscussion({ db: db(), tenantId, viewer: asker }, apiId, {
        title: "Q",
        body: "How?",
      });
      const comment = await addDiscussionComment({ db: db(), tenantId, viewer: provider }, discussion.id, {
        body: "Like so",
      });
      // The outbox's re-delivery of the same comment event.
      await notifyDiscussionComment(
        db().kysely,
        tenantId,
        {
          apiId,
          discussion: { id: discussion.id, title: "Q", authorId: asker.id },
          comment: { id: comment.id, body: "Like so" },
          commenter: provider,
        },
        Date.now(),
      );
      return asker.id;
    },
    discussion_answer: async () => {
      const { apiId } = await providerWithApi();
      const [asker, helper] = [await viewer(), await viewer()];
      const discussion = await createDiscussion({ db: db(), tenantId, viewer: asker }, apiId, {
        title: "Q",
        body: "How?",
      });
      const reply = await addDiscussionComment({ db: db(), tenantId, viewer: helper }, discussion.id, {
        body: "Like so",
      });
      const ctx = { db: db(), tenantId, viewer: asker };
      await markDiscussionAnswer(ctx, { discussionId: discussion.id, commentId: reply.id });
      await markDiscussionAnswer(ctx, { discussionId: discussion.id, commentId: reply.id });
      await markDiscussionAnswer(ctx, { discussionId: discussion.id, commentId: null });
      await markDiscussionAnswer(ctx, { discussionId: discussion.id, commentId: reply.id });
      return helper.id;
    },
    message: async () => {
      const { provider, apiId } = await providerWithApi();
      const consumer = await viewer();
      const { threadId } = await sendApiMessage(
        { db: db(), tenantId, viewer: consumer },
        { apiId, subject: "Hi", body: "Question" },
      );
      const sent = await replyToThread({ db: db(), tenantId, viewer: provider }, { threadId, body: "Answer" });
      await notifyMessage(
        db().kysely,
        tenantId,
        {
          thread: { id: threadId, subject: "Hi", providerId: provider.id, consumerId: consumer.id },
          messageId: sent.messageId,
          body: "Answer",
          from: provider,
          to: "consumer",
        },
        Date.now(),
      );
      return consumer.id;
    },
    subscription_requested: async () => {
      const { provider, sub } = await pendingSubscription();
      await retried(() => decideSubscription({ db: db(), tenantId, viewer: provider }, sub.id, "approve"));
      return provider.id;
    },
    subscription_approved: async () => {
      const { provider, consumer, sub } = await pendingSubscription();
      await decideSubscription({ db: db(), tenantId, viewer: provider }, sub.id, "approve");
      await retried(() => decideSubscription({ db: db(), tenantId, viewer: provider }, sub.id, "approve"));
      return consumer.id;
    },
    subscription_rejected: async () => {
      const { provider, consumer, sub } = await pendingSubscription();
      await decideSubscription({ db: db(), tenantId, viewer: provider }, sub.id, "reject");
      await retried(() => decideSubscription({ db: db(), tenantId, viewer: provider }, sub.id, "reject"));
      return consumer.id;
    },
    subscription_suspended: async () => {
      const { provider, consumer, sub } = await pendingSubscription();
      await decideSubscription({ db: db(), tenantId, viewer: provider }, sub.id, "approve");
      await decideSubscription({ db: db(), tenantId, viewer: provider }, sub.id, "suspend");
      await retried(() => decideSubscription({ db: db(), tenantId, viewer: provider }, sub.id, "suspend"));
      return consumer.id;
    },
    subscription_reactivated: async () => {
      const { provider, consumer, sub } = await pendingSubscription();
      await decideSubscription({ db: db(), tenantId, viewer: provider }, sub.id, "approve");
      await decideSubscription({ db: db(), tenantId, viewer: provider }, sub.id, "suspend");
      await decideSubscription({ db: db(), tenantId, viewer: provider }, sub.id, "reactivate");
      await retried(() => decideSubscription({ db: db(), tenantId, viewer: provider }, sub.id, "reactivate"));
      return consumer.id;
    },
    renewal_failed: async () => {
      const { consumer, apiId, plan, sub } = await pendingSubscription();
      // The billing run's suspension, delivered twice (a rerun sweep) with its one subscription event.
      for (let i = 0; i < 2; i++) {
        await notifySubscriptionTransition(
          db().kysely,
          tenantId,
          {
            eventId: `retry-renewal-${sub.id}`,
            transition: "suspend",
            subscription: { id: sub.id, api_id: apiId, plan_id: plan.id, owner_user_id: consumer.id },
            actor: "system",
            reason: "Renewal charge failed: card declined",
          },
          Date.now(),
        );
      }
      return consumer.id;
    },
    invoice_issued: async () => {
      const customer = await viewer();
      const invoice = await createInvoice(db(), tenantId, {
        customerUserId: customer.id,
        lines: [{ kind: "subscription", description: "Plan", quantity: 1, amountMinor: 900 }],
      });
      await finalizeInvoice(db(), tenantId, invoice.id);
      await retried(() => finalizeInvoice(db(), tenantId, invoice.id));
      return customer.id;
    },
    org_added: async () => {
      const [admin, member] = [await viewer(), await viewer()];
      const org = await createOrganization(
        { db: db(), tenantId, viewer: admin },
        { name: `Retry Org ${member.username}` },
      );
      await addOrganizationMember({ db: db(), tenantId, viewer: admin }, org.id, { username: member.username });
      await retried(() =>
        addOrganizationMember({ db: db(), tenantId, viewer: admin }, org.id, { username: member.username }),
      );
      await removeOrganizationMember({ db: db(), tenantId, viewer: admin }, org.id, member.id);
      await addOrganizationMember({ db: db(), tenantId, viewer: admin }, org.id, { username: member.username });
      return member.id;
    },
    team_added: async () => {
      const [admin, member] = [await viewer(), await viewer()];
      const org = await createOrganization(
        { db: db(), tenantId, viewer: admin },
        { name: `Retry Team Org ${member.username}` },
      );
      await addOrganizationMember({ db: db(), tenantId, viewer: admin }, org.id, { username: member.username });
      const team = await createTeam({ db: db(), tenantId, viewer: admin }, org.id, "Readers");
      await addTeamDevelopers({ db: db(), tenantId, viewer: admin }, team.id, [member.username]);
      await retried(() => addTeamDevelopers({ db: db(), tenantId, viewer: admin }, team.id, [member.username]));
      return member.id;
    },
    private_api_invite: async () => {
      const provider = await viewer();
      const guest = await viewer();
      const api = await createTestApi(db(), tenantId, { owner_id: provider.id, visibility: "PRIVATE" });
      const input = { apiId: api.id, principalType: "USER" as const, username: guest.username };
      await inviteToApi({ db: db(), tenantId, viewer: provider }, input);
      await retried(() => inviteToApi({ db: db(), tenantId, viewer: provider }, input));
      return guest.id;
    },
    tutorial_published: async () => {
      const { provider, apiId } = await providerWithApi();
      const fan = await viewer();
      await followApi({ db: db(), tenantId, viewer: fan }, { apiId });
      await createTutorial({ db: db(), tenantId, viewer: provider }, apiId, {
        title: "Start",
        body: "Go",
        draft: false,
      });
      return fan.id;
    },
    spec_version: async () => {
      const { provider, apiId } = await providerWithApi();
      const fan = await viewer();
      await followApi({ db: db(), tenantId, viewer: fan }, { apiId });
      await importApiSpec({ db: db(), tenantId, viewer: provider }, apiId, { text: SPEC_V1 });
      const second = await importApiSpec(
        { db: db(), tenantId, viewer: provider },
        apiId,
        { text: SPEC_V2 },
        {
          awaitNotifications: true,
        },
      );
      // The worker's sweep finishing the same fan-out again.
      await onSpecVersionPublished(db(), { tenantId, apiId, versionId: second.version.id });
      return fan.id;
    },
    review_new: async () => {
      const { provider, apiId } = await providerWithApi();
      const reviewer = await viewer();
      const review = { stars: 4, title: "Good", body: "Works well" };
      await rateApi({ db: db(), tenantId, viewer: reviewer }, apiId, review);
      await retried(() => rateApi({ db: db(), tenantId, viewer: reviewer }, apiId, review));
      // Deleting and writing the review again is no second piece of news.
      await deleteRating({ db: db(), tenantId, viewer: reviewer }, apiId);
      await rateApi({ db: db(), tenantId, viewer: reviewer }, apiId, review);
      return provider.id;
    },
    review_reply: async () => {
      const { provider, apiId } = await providerWithApi();
      const reviewer = await viewer();
      await rateApi({ db: db(), tenantId, viewer: reviewer }, apiId, { stars: 2, title: "Slow", body: "Too slow" });
      const ratingId = (
        await db()
          .kysely.selectFrom("api_ratings")
          .select("id")
          .where("tenant_id", "=", tenantId)
          .where("api_id", "=", apiId)
          .executeTakeFirstOrThrow()
      ).id;
      await replyToReview({ db: db(), tenantId, viewer: provider }, ratingId, { body: "Fixed in 2.0" });
      await retried(() => replyToReview({ db: db(), tenantId, viewer: provider }, ratingId, { body: "Fixed in 2.0" }));
      return reviewer.id;
    },
  };

  it("covers every kind", () => {
    expect(Object.keys(cases).sort()).toEqual([...NOTIFICATION_KINDS].sort());
  });

  for (const kind of NOTIFICATION_KINDS) {
    it(`${kind}: one notification after the event and its retry`, async () => {
      const recipient = await cases[kind]();
      expect(await count(recipient, kind)).toBe(1);
    });
  }

  it("tracks the spec's Followed and PressSubscribe analytics events, once per real action", async () => {
    const { apiId } = await providerWithApi();
    const fan = await viewer();
    await Promise.all([1, 2].map(() => followApi({ db: db(), tenantId, viewer: fan }, { apiId })));
    const press = { type: PRESS_SUBSCRIBE_EVENT, payload: { api_id: apiId, plan_id: null } } as const;
    const client = { ip: "203.0.113.9", userId: fan.id };
    expect(await recordClientEvent(db(), tenantId, press, client)).toBe(true);
    // The same press again within the hour (a double click, a retried request) is dropped.
    expect(await recordClientEvent(db(), tenantId, press, client)).toBe(false);
    const events = await db()
      .kysely.selectFrom("events")
      .select(["type", "payload"])
      .where("tenant_id", "=", tenantId)
      .where("type", "in", [FOLLOWED_EVENT, PRESS_SUBSCRIBE_EVENT])
      .execute();
    const mine = events.filter((e) => e.payload.includes(apiId));
    expect(mine.map((e) => e.type).sort()).toEqual([FOLLOWED_EVENT, PRESS_SUBSCRIBE_EVENT]);
  });
});
