import { graphqlRequest } from "./graphql-client";

/*
 * The browser's billing calls (decision 044): the subscription modal and the billing screens speak the GraphQL contract
 * of src/api/graphql (subscriptionQuote, subscribeToPlan, changeSubscriptionPlan, cancelSubscription, payPastDue).
 * Payment failures arrive as GraphQL errors whose message is the spec's text, word for word (a RequestError here).
 */

export interface MoneyView {
  amountMinor: number;
  currency: string;
  formatted: string;
}

export interface SubscriptionQuoteView {
  monthlyPrice: MoneyView;
  totalDueToday: MoneyView;
  holdAmount: MoneyView;
  invoiceBilling: boolean;
  overageMode: "CHARGED" | "SUSPENDED";
  existingOrganizationSubscription: boolean;
  teamAddedFree: boolean;
  chargedOnApproval: boolean;
  /** An active subscription asks for a plan that needs approval: nothing today, dueOnApproval if approved. */
  changeNeedsApproval: boolean;
  dueOnApproval: MoneyView;
  currentPlanName: string | null;
}

export interface CardInputValue {
  holderName: string;
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface SubscribedView {
  id: string;
  status: "SUBSCRIBED" | "PENDING_APPROVAL" | "ACCESS_REJECTED" | "SUSPENDED" | "UNSUBSCRIBED";
  /** A plan change waiting for the provider (the subscription keeps its plan meanwhile), or the last one rejected. */
  planRequest: { status: "PENDING" | "REJECTED"; planId: string } | null;
}

const MONEY = "amountMinor currency formatted";
const SUBSCRIBED = "id status planRequest { status planId }";

const QUOTE = /* GraphQL */ `
  query SubscriptionQuote($planId: ID!, $appId: ID!) {
    subscriptionQuote(planId: $planId, appId: $appId) {
      monthlyPrice { ${MONEY} }
      totalDueToday { ${MONEY} }
      holdAmount { ${MONEY} }
      invoiceBilling
      overageMode
      existingOrganizationSubscription
      teamAddedFree
      chargedOnApproval
      changeNeedsApproval
      dueOnApproval { ${MONEY} }
      currentPlanName
    }
  }
`;

const SUBSCRIBE = /* GraphQL */ `
  mutation SubscribeToPlan($planId: ID!, $appId: ID!, $card: CardInput, $idempotencyKey: String) {
    subscribeToPlan(planId: $planId, appId: $appId, card: $card, idempotencyKey: $idempotencyKey) { ${SUBSCRIBED} }
  }
`;

const CREATE_APP = /* GraphQL */ `
  mutation CreateApp($name: String!, $organizationId: ID, $teamId: ID) {
    createApp(name: $name, organizationId: $organizationId, teamId: $teamId) { id name }
  }
`;

const CHANGE_PLAN = /* GraphQL */ `
  mutation ChangeSubscriptionPlan($subscriptionId: ID!, $planId: ID!, $card: CardInput, $idempotencyKey: String!) {
    changeSubscriptionPlan(subscriptionId: $subscriptionId, planId: $planId, card: $card, idempotencyKey: $idempotencyKey) { ${SUBSCRIBED} }
  }
`;

const CANCEL = /* GraphQL */ `
  mutation CancelSubscription($subscriptionId: ID!) {
    cancelSubscription(subscriptionId: $subscriptionId) { ${SUBSCRIBED} }
  }
`;

const PAY_PAST_DUE = /* GraphQL */ `
  mutation PayPastDue($subscriptionId: ID!, $card: CardInput!, $idempotencyKey: String!) {
    payPastDue(subscriptionId: $subscriptionId, card: $card, idempotencyKey: $idempotencyKey) { ${SUBSCRIBED} }
  }
`;

/** Every document this module sends (a test validates them against the server's schema). */
export const BILLING_DOCUMENTS = { QUOTE, SUBSCRIBE, CREATE_APP, CHANGE_PLAN, CANCEL, PAY_PAST_DUE };

export async function fetchSubscriptionQuote(planId: string, appId: string): Promise<SubscriptionQuoteView> {
  const data = await graphqlRequest<{ subscriptionQuote: SubscriptionQuoteView }>(QUOTE, { planId, appId });
  return data.subscriptionQuote;
}

export async function subscribeWithCard(input: {
  planId: string;
  appId: string;
  card: CardInputValue | null;
  idempotencyKey: string;
}): Promise<SubscribedView> {
  const data = await graphqlRequest<{ subscribeToPlan: SubscribedView }>(SUBSCRIBE, input);
  return data.subscribeToPlan;
}

export async function createAppInContext(input: {
  name: string;
  organizationId: string | null;
  teamId: string | null;
}): Promise<{ id: string; name: string }> {
  const data = await graphqlRequest<{ createApp: { id: string; name: string } }>(CREATE_APP, input);
  return data.createApp;
}

export async function changeSubscriptionPlan(input: {
  subscriptionId: string;
  planId: string;
  card: CardInputValue | null;
  idempotencyKey: string;
}): Promise<SubscribedView> {
  const data = await graphqlRequest<{ changeSubscriptionPlan: SubscribedView }>(CHANGE_PLAN, input);
  return data.changeSubscriptionPlan;
}

export async function cancelSubscriptionAtPeriodEnd(subscriptionId: string): Promise<SubscribedView> {
  const data = await graphqlRequest<{ cancelSubscription: SubscribedView }>(CANCEL, { subscriptionId });
  return data.cancelSubscription;
}

export async function payPastDueBalance(input: {
  subscriptionId: string;
  card: CardInputValue;
  idempotencyKey: string;
}): Promise<SubscribedView> {
  const data = await graphqlRequest<{ payPastDue: SubscribedView }>(PAY_PAST_DUE, input);
  return data.payPastDue;
}

/**
 * One idempotency key per payment attempt: made when the modal (or form) opens and reused for every resend of the
 * same request (double clicks, a network error, a 409 while the first is in flight), so the server charges once.
 * After a definitive answer (a decline is one: nothing was charged) the next attempt, with other card details, needs
 * a new key, because the server refuses a used key with a different body.
 */
export function newIdempotencyKey(): string {
  // randomUUID exists only in secure contexts (https, localhost); getRandomValues everywhere.
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** True when the request may be sent again with the same key (no definitive answer came back). */
export function isRetryableWithSameKey(code: string): boolean {
  return code === "NETWORK" || code === "UNAVAILABLE" || code === "CONFLICT" || code === "INTERNAL";
}

/**
 * The idempotency keys of one payment form (one per modal opening): the same request body sent again gets the same
 * key; another body (corrected card details), or any request after a definitive refusal, gets a fresh one.
 */
export class PaymentAttemptKeys {
  private key: string;
  private body: string | null = null;
  constructor(private readonly make: () => string = newIdempotencyKey) {
    this.key = make();
  }
  /** The key to send `request` with. */
  keyFor(request: unknown): string {
    const body = JSON.stringify(request);
    if (this.body !== null && this.body !== body) this.key = this.make();
    this.body = body;
    return this.key;
  }
  /** After a refusal: a definitive one (a decline) retires the key; a transient one keeps it for the resend. */
  refused(code: string): void {
    if (isRetryableWithSameKey(code)) return;
    this.key = this.make();
    this.body = null;
  }
}
