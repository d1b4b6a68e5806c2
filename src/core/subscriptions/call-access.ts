/*
 * May this key call this API now? The rules the gateway applies to every call, as pure functions over what its
 * directory resolved (the key as sent, the key row, the app's subscription with its plan, the counters' verdict).
 * Each answers null when the call may go on, or the refusal the gateway sends: HTTP status, error code, message (the
 * texts clients and tests see) and the usage reason metering records. Refusals without a variable part are shared
 * constants, so the hot path allocates nothing.
 */

import type { SubscriptionStatus } from "../../db/tables/gateway.tables";
import { looksLikeApiKey } from "../apps/api-key";
import { type ErrorCode, httpStatusOf } from "../errors/app-error";
import type { UsageReason } from "../metering/usage.types";
import { quotaText } from "../plans/plan-texts";
import type { Plan } from "../plans/plans.types";

/**
 * The error code of a gateway answer: the web service's codes (src/core/errors), with the two upstream failures only
 * the gateway has; the HTTP status always follows from it (httpStatusOf), as on every other surface (decision 070).
 */
export type CallRefusalCode = ErrorCode;

/** Why the gateway answers a call itself: sent as `{ error: { code, message } }` with `status`, recorded as `reason`. */
export interface CallRefusal {
  readonly status: number;
  readonly code: CallRefusalCode;
  readonly message: string;
  readonly reason: UsageReason;
}

/** A refusal (the gateway's own, for body and upstream failures, are built with it too); its status is the code's. */
export function callRefusal(code: CallRefusalCode, reason: UsageReason, message: string): CallRefusal {
  return { status: httpStatusOf(code), code, message, reason };
}

const NO_KEY = callRefusal("UNAUTHENTICATED", "no_key", "Missing API key: send it in the X-Api-Key header");
const INVALID_KEY = callRefusal("UNAUTHENTICATED", "invalid_key", "Invalid API key");
const REVOKED_KEY = callRefusal("UNAUTHENTICATED", "invalid_key", "This API key was revoked");
const REPLACED_KEY = callRefusal(
  "UNAUTHENTICATED",
  "invalid_key",
  "This API key expired after a rotation: use the new key",
);

const NOT_SUBSCRIBED = callRefusal(
  "FORBIDDEN",
  "not_subscribed",
  "This app is not subscribed to this API: subscribe to a plan first",
);

/** What each subscription state answers; null: the app may call. */
const BY_STATUS: Record<SubscriptionStatus, CallRefusal | null> = {
  subscribed: null,
  unsubscribed: NOT_SUBSCRIBED,
  pending_approval: callRefusal(
    "FORBIDDEN",
    "pending_approval",
    "This app's subscription is pending approval by the provider",
  ),
  access_rejected: callRefusal("FORBIDDEN", "access_rejected", "The provider rejected this app's access to the API"),
  suspended: callRefusal("FORBIDDEN", "suspended", "This subscription is suspended until its past-due balance is paid"),
};

/** The key as the client sent it (X-Api-Key, trimmed; "" when absent): missing, or not shaped like a Portico key. */
export function presentedKeyRefusal(secret: string): CallRefusal | null {
  if (!secret) return NO_KEY;
  return looksLikeApiKey(secret) ? null : INVALID_KEY;
}

/** The key row found for the secret (null: none): revoked, or expired after a rotation replaced it. */
export function keyRefusal(
  key: { readonly revokedAt: number | null; readonly expiresAt: number | null } | null,
  nowMs: number,
): CallRefusal | null {
  if (!key) return INVALID_KEY;
  if (key.revokedAt !== null) return REVOKED_KEY;
  if (key.expiresAt !== null && key.expiresAt <= nowMs) return REPLACED_KEY;
  return null;
}

/**
 * The key's app's subscription to the API (null: none, or its plan is gone): only a subscribed one may call. An app
 * covered by its organization's subscription (decision 042) is judged by that subscription's state.
 */
export function subscriptionRefusal(subscription: { readonly status: SubscriptionStatus } | null): CallRefusal | null {
  if (!subscription) return NOT_SUBSCRIBED;
  return BY_STATUS[subscription.status];
}

/**
 * A call the counters refused: over the rate limit, or over a hard quota, named as the plan shows it: the plan's own
 * ("1000 / mo on the Basic plan") or a plan object's ("2 / day of Single items on the Basic plan").
 */
export function limitRefusal(
  plan: Pick<Plan, "name" | "quotaText" | "rateLimitText" | "objects">,
  limit: "rate_limited" | "quota_exceeded",
  refusedScope: string | null,
): CallRefusal {
  if (limit === "rate_limited") {
    return callRefusal("RATE_LIMITED", "rate_limited", `Rate limit exceeded: ${plan.rateLimitText}`);
  }
  const object = refusedScope && refusedScope !== "plan" ? plan.objects.find((o) => o.id === refusedScope) : undefined;
  const what = object ? `${quotaText(object.quota, object.quotaPeriod)} of ${object.name}` : plan.quotaText;
  return callRefusal("RATE_LIMITED", "quota_exceeded", `Quota exceeded: ${what} on the ${plan.name} plan`);
}
