import { z } from "zod";
import { requireViewer } from "../../core/accounts/accounts.policy";
import { getProviderEarnings } from "../../core/billing/earnings.service";
import { renderInvoiceHtml } from "../../core/billing/invoice-html";
import { getViewerInvoice, listViewerInvoices } from "../../core/billing/invoices.service";
import type { Invoice } from "../../core/billing/invoices.types";
import { DEFAULT_CURRENCY, formatMoney } from "../../core/billing/money";
import { getPlan } from "../../core/plans/plans.service";
import { payPastDue } from "../../core/subscriptions/past-due.service";
import { subscribeWithPayment } from "../../core/subscriptions/subscribe.service";
import { cancelSubscription, changeSubscriptionPlan } from "../../core/subscriptions/subscription-billing.service";
import type { PlanRequestView } from "../../core/subscriptions/subscription-model";
import { cardInput, type PaymentDeps } from "../../core/subscriptions/subscription-payments";
import { subscriptionQuote } from "../../core/subscriptions/subscription-quote.service";
import { subscriptionNode } from "./apps.graphql";
import type { GraphQLContext } from "./graphql-context";
import { argsOf, iso } from "./graphql-paging";
import { planNode } from "./plans.graphql";

/*
 * Paid plans (decision 044): quote, subscribe with a card, plan change, cancel, past-due payment, invoices and provider
 * earnings. Thin over src/core/subscriptions and src/core/billing. Payment failures arrive as GraphQL errors whose
 * message is the spec's text and whose extensions.code is PAYMENT_* (graphql-server.ts reads details.graphqlCode).
 */
export const billingTypeDefs = /* GraphQL */ `
  input CardInput {
    holderName: String!
    number: String!
    expMonth: Int!
    expYear: Int!
    cvc: String!
  }
  "An amount in integer minor units (cents) of an ISO 4217 currency."
  type Money {
    amountMinor: Int!
    currency: String!
    "e.g. '$19.99' (en-US)."
    formatted: String!
  }
  "What the subscription modal shows before the card step."
  type SubscriptionQuote {
    plan: Plan!
    monthlyPrice: Money!
    "0 for invoice billing, for a team joining its organization's subscription on the same plan; prorated on a change."
    totalDueToday: Money!
    "The card-verification hold (0.50 USD), voided at once, never captured; 0 when no card is needed."
    holdAmount: Money!
    "The tenant's invoice-billing switch: no card, an invoice is issued instead."
    invoiceBilling: Boolean!
    "CHARGED: calls above the quota are billed as overage; SUSPENDED: the hard limit refuses them."
    overageMode: String!
    existingOrganizationSubscription: Boolean!
    teamAddedFree: Boolean!
    "The plan needs the provider's approval: the card is verified now and charged the monthly price on approval."
    chargedOnApproval: Boolean!
    "An active subscription asks for a plan that needs approval: it keeps currentPlanName, nothing is due today."
    changeNeedsApproval: Boolean!
    "Charged only if the provider approves the change (the proration as of now); 0 otherwise."
    dueOnApproval: Money!
    "The plan the app is on now, when it has one."
    currentPlanName: String
  }
  "A change of an active subscription to a plan that needs the provider's approval (decision 049)."
  type PlanChangeRequest {
    id: ID!
    planId: ID!
    plan: Plan
    fromPlanId: ID!
    fromPlan: Plan
    "PENDING (the subscription keeps its plan meanwhile) or REJECTED (it kept its plan)."
    status: String!
    "What approving would charge, as quoted when it was asked."
    quoted: Money!
    requestedAt: String!
    decidedAt: String
  }
  extend type AppSubscription {
    currentPeriodEnd: String
    cancelAtPeriodEnd: Boolean!
    "null when nothing is past due."
    pastDue: Money
    "Price per period (0 for free plans)."
    price: Money
    "Set when the app is covered by its organization's subscription."
    coveredBySubscriptionId: ID
    organizationId: ID
    teamId: ID
    "The waiting plan change, or the last one the provider rejected while the plan is unchanged; null otherwise."
    planRequest: PlanChangeRequest
  }
  type InvoiceLine {
    id: ID!
    kind: String!
    description: String!
    quantity: Float!
    unitAmount: Money
    "Per-request price of overage lines, millionths of the major unit."
    unitPriceMicros: Int
    amount: Money!
    periodStart: String
    periodEnd: String
  }
  type Invoice {
    id: ID!
    "e.g. INV-000042."
    number: String
    "OPEN, PAID, VOID or UNCOLLECTIBLE."
    status: String!
    collectionMethod: String!
    subtotal: Money!
    total: Money!
    amountDue: Money!
    lines: [InvoiceLine!]!
    periodStart: String
    periodEnd: String
    issuedAt: String
    dueAt: String
    paidAt: String
    subscriptionId: ID
    "Self-contained HTML view of the invoice (escaped, no scripts)."
    html: String!
  }
  type EarningsByApi {
    apiId: ID!
    apiName: String!
    gross: Money!
  }
  type EarningsByPlan {
    planId: ID!
    planName: String!
    apiId: ID!
    gross: Money!
  }
  type EarningsByPeriod {
    "First day of the calendar month (UTC)."
    periodStart: String!
    gross: Money!
  }
  type ProviderEarnings {
    "Gross in the main currency (the largest), 0 USD when nothing was earned."
    gross: Money!
    "One total per currency."
    grossByCurrency: [Money!]!
    byApi: [EarningsByApi!]!
    byPlan: [EarningsByPlan!]!
    byPeriod: [EarningsByPeriod!]!
  }
  extend type Query {
    subscriptionQuote(planId: ID!, appId: ID!): SubscriptionQuote!
    "The viewer's invoices, newest first. after: the cursor (offset) returned as the previous page's length."
    myInvoices(first: Int, after: String): [Invoice!]!
    invoice(id: ID!): Invoice
    "Provider: gross earnings of the viewer's APIs (one API with apiId)."
    providerEarnings(apiId: ID): ProviderEarnings!
  }
  extend type Mutation {
    "Free plans need no card; paid plans need card (or the tenant's invoice billing). Same idempotencyKey: same answer."
    subscribeToPlan(planId: ID!, appId: ID!, card: CardInput, idempotencyKey: String): AppSubscription!
    changeSubscriptionPlan(subscriptionId: ID!, planId: ID!, card: CardInput, idempotencyKey: String!): AppSubscription!
    "Paid subscriptions end at the end of the period; free ones (and a team's place in an organization's) now."
    cancelSubscription(subscriptionId: ID!): AppSubscription!
    "Pays the past-due balance of a suspended subscription and reactivates it."
    payPastDue(subscriptionId: ID!, card: CardInput!, idempotencyKey: String!): AppSubscription!
  }
`;

const id = z.string().min(1).max(64);
const key = z.string().min(1).max(255);

export function moneyNode(amountMinor: number, currency: string | null | undefined) {
  const code = currency ?? DEFAULT_CURRENCY;
  return { amountMinor, currency: code, formatted: formatMoney({ amountMinor, currency: code }, "en-US") };
}

function paymentDeps(ctx: GraphQLContext): PaymentDeps {
  return { processor: ctx.providers.payments, ip: ctx.clientIp };
}

const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

function invoiceNode(invoice: Invoice, ctx: GraphQLContext) {
  const m = (amount: number) => moneyNode(amount, invoice.currency);
  return {
    id: invoice.id,
    number: invoice.displayNumber,
    status: invoice.status.toUpperCase(),
    collectionMethod: invoice.collectionMethod.toUpperCase(),
    subtotal: m(invoice.subtotalMinor),
    total: m(invoice.totalMinor),
    amountDue: m(invoice.amountDueMinor),
    lines: invoice.lines.map((l) => ({
      id: l.id,
      kind: l.kind.toUpperCase(),
      description: l.description,
      quantity: l.quantity,
      unitAmount: l.unitAmountMinor == null ? null : m(l.unitAmountMinor),
      unitPriceMicros: l.unitPriceMicros ?? null,
      amount: m(l.amountMinor),
      periodStart: isoOrNull(l.periodStart ?? null),
      periodEnd: isoOrNull(l.periodEnd ?? null),
    })),
    periodStart: isoOrNull(invoice.periodStart),
    periodEnd: isoOrNull(invoice.periodEnd),
    issuedAt: isoOrNull(invoice.issuedAt),
    dueAt: isoOrNull(invoice.dueAt),
    paidAt: isoOrNull(invoice.paidAt),
    subscriptionId: invoice.subscriptionId,
    html: renderInvoiceHtml(invoice, {
      brandName: ctx.tenant.config.brandName,
      supportEmail: ctx.tenant.config.supportEmail,
    }),
  };
}

type SubscriptionParent = ReturnType<typeof subscriptionNode>;

function planRequestNode(r: PlanRequestView) {
  return {
    id: r.id,
    planId: r.planId,
    fromPlanId: r.fromPlanId,
    status: r.status.toUpperCase(),
    quoted: moneyNode(r.quotedMinor, r.currency),
    requestedAt: iso(r.requestedAt),
    decidedAt: isoOrNull(r.decidedAt),
  };
}

export const billingResolvers = {
  AppSubscription: {
    pastDue: (sub: SubscriptionParent) => (sub.pastDueMinor > 0 ? moneyNode(sub.pastDueMinor, sub.currency) : null),
    price: (sub: SubscriptionParent) => moneyNode(sub.priceMinor, sub.currency),
    planRequest: (sub: SubscriptionParent) => (sub.planRequest ? planRequestNode(sub.planRequest) : null),
  },
  PlanChangeRequest: {
    plan: async (r: { planId: string }, _: unknown, ctx: GraphQLContext) => {
      const plan = await getPlan(ctx.db, ctx.tenant.id, r.planId);
      return plan ? planNode(plan) : null;
    },
    fromPlan: async (r: { fromPlanId: string }, _: unknown, ctx: GraphQLContext) => {
      const plan = await getPlan(ctx.db, ctx.tenant.id, r.fromPlanId);
      return plan ? planNode(plan) : null;
    },
  },
  Query: {
    subscriptionQuote: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const v = requireViewer(ctx.viewer, ctx.tenant.id);
      const a = argsOf(z.object({ planId: id, appId: id }), args);
      const q = await subscriptionQuote({ db: ctx.db, tenantId: ctx.tenant.id, viewer: v }, a.planId, a.appId);
      return {
        plan: planNode(q.plan),
        monthlyPrice: moneyNode(q.monthlyPriceMinor, q.currency),
        totalDueToday: moneyNode(q.totalDueTodayMinor, q.currency),
        holdAmount: moneyNode(q.holdAmountMinor, q.currency),
        invoiceBilling: q.invoiceBilling,
        overageMode: q.overageMode,
        existingOrganizationSubscription: q.existingOrganizationSubscription,
        teamAddedFree: q.teamAddedFree,
        chargedOnApproval: q.chargedOnApproval,
        changeNeedsApproval: q.changeNeedsApproval,
        dueOnApproval: moneyNode(q.dueOnApprovalMinor, q.currency),
        currentPlanName: q.currentPlanName,
      };
    },
    myInvoices: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const v = requireViewer(ctx.viewer, ctx.tenant.id);
      const a = argsOf(
        z.object({ first: z.number().int().min(1).max(100).nullish(), after: z.string().max(20).nullish() }),
        args,
      );
      const offset = a.after && /^\d{1,6}$/.test(a.after) ? Number(a.after) : 0;
      const invoices = await listViewerInvoices(
        { db: ctx.db, tenantId: ctx.tenant.id, viewer: v },
        { offset, limit: a.first ?? 20 },
      );
      return invoices.map((i) => invoiceNode(i, ctx));
    },
    invoice: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const v = requireViewer(ctx.viewer, ctx.tenant.id);
      const invoice = await getViewerInvoice(
        { db: ctx.db, tenantId: ctx.tenant.id, viewer: v },
        argsOf(z.object({ id }), args).id,
      );
      return invoice ? invoiceNode(invoice, ctx) : null;
    },
    providerEarnings: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const v = requireViewer(ctx.viewer, ctx.tenant.id);
      const a = argsOf(z.object({ apiId: id.nullish() }), args);
      const e = await getProviderEarnings({ db: ctx.db, tenantId: ctx.tenant.id, viewer: v }, a.apiId ?? null);
      const main = e.totals[0] ?? { currency: ctx.tenant.config.defaultCurrency, grossMinor: 0 };
      return {
        gross: moneyNode(main.grossMinor, main.currency),
        grossByCurrency: e.totals.map((t) => moneyNode(t.grossMinor, t.currency)),
        byApi: e.byApi.map((x) => ({ apiId: x.apiId, apiName: x.apiName, gross: moneyNode(x.grossMinor, x.currency) })),
        byPlan: e.byPlan.map((x) => ({
          planId: x.planId,
          planName: x.planName,
          apiId: x.apiId,
          gross: moneyNode(x.grossMinor, x.currency),
        })),
        byPeriod: e.byPeriod.map((x) => ({
          periodStart: iso(x.periodStart),
          gross: moneyNode(x.grossMinor, x.currency),
        })),
      };
    },
  },
  Mutation: {
    subscribeToPlan: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const v = requireViewer(ctx.viewer, ctx.tenant.id);
      const a = argsOf(
        z.object({ planId: id, appId: id, card: cardInput.nullish(), idempotencyKey: key.nullish() }),
        args,
      );
      const sub = await subscribeWithPayment({ db: ctx.db, tenantId: ctx.tenant.id, viewer: v }, a, paymentDeps(ctx));
      return subscriptionNode(sub);
    },
    changeSubscriptionPlan: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const v = requireViewer(ctx.viewer, ctx.tenant.id);
      const a = argsOf(
        z.object({ subscriptionId: id, planId: id, card: cardInput.nullish(), idempotencyKey: key }),
        args,
      );
      return subscriptionNode(
        await changeSubscriptionPlan({ db: ctx.db, tenantId: ctx.tenant.id, viewer: v }, a, paymentDeps(ctx)),
      );
    },
    cancelSubscription: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const v = requireViewer(ctx.viewer, ctx.tenant.id);
      const a = argsOf(z.object({ subscriptionId: id }), args);
      return subscriptionNode(
        await cancelSubscription({ db: ctx.db, tenantId: ctx.tenant.id, viewer: v }, a.subscriptionId),
      );
    },
    payPastDue: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const v = requireViewer(ctx.viewer, ctx.tenant.id);
      const a = argsOf(z.object({ subscriptionId: id, card: cardInput, idempotencyKey: key }), args);
      return subscriptionNode(
        await payPastDue({ db: ctx.db, tenantId: ctx.tenant.id, viewer: v }, a, paymentDeps(ctx)),
      );
    },
  },
};
