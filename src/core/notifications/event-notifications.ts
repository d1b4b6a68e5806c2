import type { DbOrTrx } from "../../db/connection";
import { usersWhoSeeApi } from "../access/api-audience";
import { formatMoney } from "../billing/money";
import {
  selectApiFollowerIds,
  selectApiProviderUsers,
  selectApiSummary,
  selectGroupUserIds,
  selectOrgSummary,
  selectPlanName,
  selectProviderUsers,
  selectTeamSummary,
  selectUsername,
} from "./notification-events.queries";
import { notifyIn } from "./notify";

/*
 * The producers: one function per event, called by the event's use case inside its transaction (decision 085). Each
 * names its recipients, its dedup key (what makes two calls "the same event") and its link. Actors are never told of
 * their own actions.
 */

async function apiInfo(h: DbOrTrx, tenantId: string, apiId: string) {
  const api = await selectApiSummary(h, tenantId, apiId);
  if (!api) return null;
  const base = api.owner_username
    ? `/${encodeURIComponent(api.owner_username)}/api/${encodeURIComponent(api.slug)}`
    : "/hub";
  return { name: api.name, base };
}

const userPath = (username: string) => `/user/${encodeURIComponent(username)}`;

/** Someone followed an API: its provider hears of it once per follower (unfollow and follow again: no repeat). */
export async function notifyApiFollowed(
  h: DbOrTrx,
  tenantId: string,
  apiId: string,
  follower: { id: string; username: string },
  now: number,
) {
  const api = await apiInfo(h, tenantId, apiId);
  if (!api) return 0;
  return notifyIn(
    h,
    tenantId,
    await selectApiProviderUsers(h, tenantId, apiId),
    {
      kind: "api_followed",
      dedupKey: `api-followed:${apiId}:${follower.id}`,
      params: { user: follower.username, api: api.name },
      url: userPath(follower.username),
    },
    { exceptUserId: follower.id, now },
  );
}

export async function notifyUserFollowed(
  h: DbOrTrx,
  tenantId: string,
  followeeId: string,
  follower: { id: string; username: string },
  now: number,
) {
  return notifyIn(
    h,
    tenantId,
    [followeeId],
    {
      kind: "user_followed",
      dedupKey: `user-followed:${follower.id}`,
      params: { user: follower.username },
      url: userPath(follower.username),
    },
    { exceptUserId: follower.id, now },
  );
}

/** A comment on a discussion: its author hears of it (one per comment). */
export async function notifyDiscussionComment(
  h: DbOrTrx,
  tenantId: string,
  input: {
    apiId: string;
    discussion: { id: string; title: string; authorId: string | null };
    comment: { id: string; body: string };
    commenter: { id: string; username: string };
  },
  now: number,
) {
  const api = await apiInfo(h, tenantId, input.apiId);
  if (!api || !input.discussion.authorId) return 0;
  return notifyIn(
    h,
    tenantId,
    [input.discussion.authorId],
    {
      kind: "discussion_comment",
      dedupKey: `discussion-comment:${input.comment.id}`,
      params: { user: input.commenter.username, discussion: input.discussion.title.slice(0, 120) },
      text: input.comment.body.slice(0, 280),
      url: `${api.base}/discussions/${encodeURIComponent(input.discussion.id)}`,
    },
    { exceptUserId: input.commenter.id, now },
  );
}

/** A reply marked as the answer of a discussion: its author hears of it once per reply (decision 082). */
export async function notifyDiscussionAnswer(
  h: DbOrTrx,
  tenantId: string,
  input: {
    apiId: string;
    discussion: { id: string; title: string };
    reply: { id: string; authorId: string };
    marker: { id: string; username: string };
  },
  now: number,
) {
  const api = await apiInfo(h, tenantId, input.apiId);
  if (!api) return 0;
  return notifyIn(
    h,
    tenantId,
    [input.reply.authorId],
    {
      kind: "discussion_answer",
      dedupKey: `discussion-answer:${input.reply.id}`,
      params: { user: input.marker.username, discussion: input.discussion.title.slice(0, 120) },
      url: `${api.base}/discussions/${encodeURIComponent(input.discussion.id)}#reply-${encodeURIComponent(input.reply.id)}`,
    },
    { exceptUserId: input.marker.id, now },
  );
}

/**
 * A review (a rating with a text) of an API: its provider (the owner, or the organization's admins) hears of it once
 * per reviewer and API, so deleting a review and writing it again, or adding the text by an edit later, tells no one
 * twice.
 */
export async function notifyReviewNew(
  h: DbOrTrx,
  tenantId: string,
  input: { apiId: string; reviewer: { id: string; username: string }; stars: number; title: string; body: string },
  now: number,
) {
  const api = await apiInfo(h, tenantId, input.apiId);
  if (!api) return 0;
  const excerpt = [input.title, input.body].filter(Boolean).join(" — ");
  return notifyIn(
    h,
    tenantId,
    await selectApiProviderUsers(h, tenantId, input.apiId),
    {
      kind: "review_new",
      dedupKey: `review-new:${input.apiId}:${input.reviewer.id}`,
      params: { user: input.reviewer.username, api: api.name, stars: String(input.stars) },
      text: excerpt.slice(0, 280),
      url: `${api.base}/reviews`,
    },
    { exceptUserId: input.reviewer.id, now },
  );
}

/** The provider's reply to a review: the reviewer hears of it once (a review has one reply). */
export async function notifyReviewReply(
  h: DbOrTrx,
  tenantId: string,
  input: { apiId: string; ratingId: string; reviewerId: string; replierId: string; body: string },
  now: number,
) {
  const api = await apiInfo(h, tenantId, input.apiId);
  if (!api) return 0;
  return notifyIn(
    h,
    tenantId,
    [input.reviewerId],
    {
      kind: "review_reply",
      dedupKey: `review-reply:${input.ratingId}`,
      params: { api: api.name },
      text: input.body.slice(0, 280),
      url: `${api.base}/reviews`,
    },
    { exceptUserId: input.replierId, now },
  );
}

/** A new published tutorial: the API's followers hear of it once per tutorial (publishing a draft later included). */
export async function notifyTutorialPublished(
  h: DbOrTrx,
  tenantId: string,
  input: { apiId: string; tutorial: { id: string; title: string; slug: string }; authorId: string },
  now: number,
) {
  const api = await apiInfo(h, tenantId, input.apiId);
  if (!api) return 0;
  return notifyIn(
    h,
    tenantId,
    await usersWhoSeeApi(h, tenantId, input.apiId, await selectApiFollowerIds(h, tenantId, input.apiId)),
    {
      kind: "tutorial_published",
      dedupKey: `tutorial-published:${input.tutorial.id}`,
      params: { api: api.name, tutorial: input.tutorial.title.slice(0, 120) },
      url: `${api.base}/tutorials/${encodeURIComponent(input.tutorial.slug)}`,
    },
    { exceptUserId: input.authorId, now },
  );
}

/** Added to an organization by an admin: once per organization (removed and added again: no repeat). */
export async function notifyOrgMemberAdded(
  h: DbOrTrx,
  tenantId: string,
  input: { orgId: string; userId: string; actorId: string },
  now: number,
) {
  const org = await selectOrgSummary(h, tenantId, input.orgId);
  if (!org) return 0;
  return notifyIn(
    h,
    tenantId,
    [input.userId],
    {
      kind: "org_added",
      dedupKey: `org-added:${input.orgId}`,
      params: { org: org.name },
      url: `/orghomepage/${encodeURIComponent(org.slug)}`,
    },
    { exceptUserId: input.actorId, now },
  );
}

export async function notifyTeamDevelopersAdded(
  h: DbOrTrx,
  tenantId: string,
  input: { teamId: string; userIds: string[]; actorId: string },
  now: number,
) {
  const team = await selectTeamSummary(h, tenantId, input.teamId);
  if (!team) return 0;
  return notifyIn(
    h,
    tenantId,
    input.userIds,
    {
      kind: "team_added",
      dedupKey: `team-added:${input.teamId}`,
      params: { team: team.name, org: team.org_name },
      url: `/orghomepage/${encodeURIComponent(team.org_slug)}`,
    },
    { exceptUserId: input.actorId, now },
  );
}

/** Invited to a private API: the user, or every member of the invited team or organization. */
export async function notifyPrivateApiInvite(
  h: DbOrTrx,
  tenantId: string,
  input: {
    apiId: string;
    invitationId: string;
    principalType: "USER" | "TEAM" | "ORGANIZATION";
    principalId: string;
    actorId: string;
  },
  now: number,
) {
  const api = await apiInfo(h, tenantId, input.apiId);
  if (!api) return 0;
  const recipients =
    input.principalType === "USER"
      ? [input.principalId]
      : await selectGroupUserIds(h, tenantId, input.principalType, input.principalId);
  return notifyIn(
    h,
    tenantId,
    recipients,
    {
      kind: "private_api_invite",
      dedupKey: `private-api-invite:${input.invitationId}`,
      params: { api: api.name },
      url: api.base,
    },
    { exceptUserId: input.actorId, now },
  );
}

/** The subscription state machine's transitions that someone must hear of (subscription-transitions.ts calls this). */
export async function notifySubscriptionTransition(
  h: DbOrTrx,
  tenantId: string,
  input: {
    eventId: string;
    transition: string;
    subscription: { id: string; api_id: string; plan_id: string; owner_user_id: string };
    actor: string;
    reason: string | null;
  },
  now: number,
) {
  const { transition, subscription: sub } = input;
  const toProvider = transition === "request_access" || transition === "change_plan_pending";
  const kind = toProvider
    ? ("subscription_requested" as const)
    : transition === "approve"
      ? ("subscription_approved" as const)
      : transition === "reject"
        ? ("subscription_rejected" as const)
        : transition === "reactivate"
          ? ("subscription_reactivated" as const)
          : transition === "suspend"
            ? input.reason?.startsWith("Renewal charge failed")
              ? ("renewal_failed" as const)
              : ("subscription_suspended" as const)
            : null;
  if (!kind) return 0;
  const api = await apiInfo(h, tenantId, sub.api_id);
  if (!api) return 0;
  const consumer = (await selectUsername(h, tenantId, sub.owner_user_id)) ?? "";
  const plan = (await selectPlanName(h, tenantId, sub.plan_id)) ?? "";
  const recipients = toProvider ? await selectApiProviderUsers(h, tenantId, sub.api_id) : [sub.owner_user_id];
  return notifyIn(
    h,
    tenantId,
    recipients,
    {
      kind,
      dedupKey: `subscription-event:${input.eventId}`,
      params: { api: api.name, plan, user: consumer },
      url: toProvider ? `/studio/apis/${encodeURIComponent(sub.api_id)}` : "/developer/dashboard",
      type:
        kind === "subscription_rejected" || kind === "subscription_suspended" || kind === "renewal_failed"
          ? "error"
          : "info",
    },
    { exceptUserId: input.actor, now },
  );
}

/** A numbered invoice: its customer hears of it once per invoice. */
export async function notifyInvoiceIssued(
  h: DbOrTrx,
  tenantId: string,
  invoice: { id: string; number: number; totalMinor: number; currency: string; customerUserId: string | null },
  now: number,
) {
  if (!invoice.customerUserId) return 0;
  return notifyIn(
    h,
    tenantId,
    [invoice.customerUserId],
    {
      kind: "invoice_issued",
      dedupKey: `invoice-issued:${invoice.id}`,
      params: {
        number: String(invoice.number),
        total: formatMoney({ amountMinor: invoice.totalMinor, currency: invoice.currency }),
      },
      url: `/developer/billing/invoices/${encodeURIComponent(invoice.id)}`,
    },
    { now },
  );
}

/** A contact message: the other side of the thread hears of it (one per message). */
export async function notifyMessage(
  h: DbOrTrx,
  tenantId: string,
  input: {
    thread: { id: string; subject: string; providerId: string; consumerId: string };
    messageId: string;
    body: string;
    from: { id: string; username: string };
    to: "provider" | "consumer";
  },
  now: number,
) {
  const recipients =
    input.to === "provider"
      ? await selectProviderUsers(h, tenantId, input.thread.providerId)
      : [input.thread.consumerId];
  const url =
    input.to === "provider"
      ? `/studio/inbox/${encodeURIComponent(input.thread.id)}`
      : `/developer/messages/${encodeURIComponent(input.thread.id)}`;
  return notifyIn(
    h,
    tenantId,
    recipients,
    {
      kind: "message",
      dedupKey: `message:${input.messageId}`,
      params: { user: input.from.username, subject: input.thread.subject.slice(0, 150) },
      text: input.body.slice(0, 280),
      url,
    },
    { exceptUserId: input.from.id, now },
  );
}
