/*
 * The subscription state machine (spec sections 3 and 4, decision 040): the one place that says which transition
 * may leave which state and where it lands. Services apply transitions through subscription-transitions.ts, which
 * writes the new state with a conditional update (from the expected state) and records who, when and why.
 */

import type { SubscriptionStatus } from "../../db/tables/gateway.tables";
import { AppError } from "../errors/app-error";

export type SubscriptionTransition =
  /** Free or paid plan, no approval needed (confirmation). */
  | "subscribe"
  /** The plan needs the provider's approval. */
  | "request_access"
  | "approve"
  | "reject"
  /** Provider decision, or the worker after a renewal charge failed (actor "system"). */
  | "suspend"
  /** Provider decision, or paying the past-due balance. */
  | "reactivate"
  | "unsubscribe"
  | "change_plan"
  /** Change of plan that needs the provider's approval. */
  | "change_plan_pending"
  | "cancel_at_period_end"
  /** The worker ends a subscription cancelled at period end. */
  | "end_at_period_end"
  /** The worker charged the next period. */
  | "renew"
  /** A team (app) joins an organization subscription at no cost. */
  | "add_team";

interface Rule {
  from: readonly SubscriptionStatus[];
  /** null: the state does not change (the transition changes plan, period or flags). */
  to: SubscriptionStatus | null;
}

export const SUBSCRIPTION_RULES: Record<SubscriptionTransition, Rule> = {
  subscribe: { from: ["unsubscribed"], to: "subscribed" },
  request_access: { from: ["unsubscribed"], to: "pending_approval" },
  approve: { from: ["pending_approval", "access_rejected"], to: "subscribed" },
  reject: { from: ["pending_approval"], to: "access_rejected" },
  suspend: { from: ["subscribed"], to: "suspended" },
  reactivate: { from: ["suspended"], to: "subscribed" },
  unsubscribe: { from: ["subscribed", "pending_approval", "unsubscribed"], to: "unsubscribed" },
  change_plan: { from: ["subscribed", "pending_approval", "unsubscribed"], to: "subscribed" },
  change_plan_pending: { from: ["subscribed", "pending_approval", "unsubscribed"], to: "pending_approval" },
  cancel_at_period_end: { from: ["subscribed"], to: null },
  end_at_period_end: { from: ["subscribed", "suspended"], to: "unsubscribed" },
  renew: { from: ["subscribed"], to: null },
  add_team: { from: ["unsubscribed", "subscribed", "pending_approval", "suspended"], to: null },
};

/** Why a transition is refused, in words the consumer or provider understands. */
function refusal(from: SubscriptionStatus, transition: SubscriptionTransition): string {
  if (from === "access_rejected") return "The provider rejected this app's access to the API";
  if (from === "suspended") return "This subscription is suspended until its past-due balance is paid";
  return `A ${from.replace("_", " ")} subscription cannot be changed that way (${transition.replaceAll("_", " ")})`;
}

export function canTransition(from: SubscriptionStatus, transition: SubscriptionTransition): boolean {
  return SUBSCRIPTION_RULES[transition].from.includes(from);
}

/** The state after `transition` from `from`; CONFLICT (or FORBIDDEN for rejected/suspended) when not allowed. */
export function nextStatus(from: SubscriptionStatus, transition: SubscriptionTransition): SubscriptionStatus {
  const rule = SUBSCRIPTION_RULES[transition];
  if (!rule.from.includes(from)) {
    const code = from === "access_rejected" || from === "suspended" ? "FORBIDDEN" : "CONFLICT";
    throw new AppError(code, refusal(from, transition), { from, transition });
  }
  return rule.to ?? from;
}
