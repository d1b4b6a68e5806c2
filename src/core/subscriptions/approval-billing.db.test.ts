import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { createTestUser } from "../../../tests/factories/users";
import { userContext } from "../../../tests/factories/viewers";
import { SandboxPaymentProcessor } from "../../infra/payments/sandbox-processor";
import { createApp } from "../apps/apps.service";
import { listInvoices } from "../billing/invoices.service";
import type { CardDetails } from "../payments/payment-processor";
import { createPlan } from "../plans/plans.service";
import type { Plan } from "../plans/plans.types";
import { payPastDue } from "./past-due.service";
import { subscribeWithPayment } from "./subscribe.service";
import { subscriptionQuote } from "./subscription-quote.service";
import { selectSubscriptionEvents, selectSubscriptionIn } from "./subscriptions.queries";
import { decideSubscription } from "./subscriptions.service";

// Decision 045: a paid plan that needs the provider's approval is charged when the provider approves, never before;
// a rejected request was never charged, so nothing needs a refund.

const GOOD: CardDetails = {
  holderName: "Ada Lovelace",
  number: "4242424242424242",
  expMonth: 12,
  expYear: 2099,
  cvc: "123",
};
const T0 = Date.UTC(2032, 1, 3, 8);

describeEachDialect("paid plans that need approval", ({ db }) => {
  let clock = T0;
  const now = () => clock;
  let tenantId: string;
  let providerId: string;
  let consumerId: string;
  let gated: Plan;
  let processor: SandboxPaymentProcessor;
  const deps = () => ({ processor, now, ip: "10.1.1.1" });

  const authorizations = async () =>
    db().kysely.selectFrom("sandbox_authorizations").selectAll().where("tenant_id", "=", tenantId).execute();
  const captured = async () => (await authorizations()).filter((a) => a.status === "captured");

  beforeAll(async () => {
    tenantId = (await createTestTenant(db())).id;
    providerId = (await createTestUser(db(), tenantId)).id;
    consumerId = (await createTestUser(db(), tenantId)).id;
    const api = await createTestApi(db(), tenantId, { owner_id: providerId });
    gated = await createPlan(await userContext(db(), tenantId, providerId), api.id, {
      name: "Gated",
      monthlyPriceCents: 4000,
      approvalRequired: true,
    });
    processor = new SandboxPaymentProcessor(db(), { now });
  });

  async function request(name: string) {
    const appId = (await createApp(await userContext(db(), tenantId, consumerId), { name })).id;
    const sub = await subscribeWithPayment(
      await userContext(db(), tenantId, consumerId),
      { planId: gated.id, appId, card: GOOD, idempotencyKey: `k-${name}` },
      deps(),
    );
    return { appId, sub };
  }

  it("quotes nothing due today, with the card hold and the price charged on approval", async () => {
    const appId = (await createApp(await userContext(db(), tenantId, consumerId), { name: "Quote" })).id;
    const quote = await subscriptionQuote(await userContext(db(), tenantId, consumerId), gated.id, appId, now);
    expect(quote).toMatchObject({
      totalDueTodayMinor: 0,
      monthlyPriceMinor: 4000,
      holdAmountMinor: 50,
      chargedOnApproval: true,
    });
  });

  it("verifies the card on request (hold voided) and charges nothing until a decision", async () => {
    const before = (await captured()).length;
    const { sub } = await request("Pending");
    expect(sub).toMatchObject({ status: "pending_approval", currentPeriodEnd: null });
    expect((await captured()).length).toBe(before);
    expect((await authorizations()).filter((a) => a.status === "authorized")).toEqual([]);
    expect(await listInvoices(db(), tenantId, { subscriptionId: sub.id })).toEqual([]);
  });

  it("a rejection charges nothing", async () => {
    const before = (await captured()).length;
    const { sub } = await request("Rejected");
    const rejected = await decideSubscription(await userContext(db(), tenantId, providerId), sub.id, "reject", deps());
    expect(rejected.status).toBe("access_rejected");
    expect((await captured()).length).toBe(before);
    expect(await listInvoices(db(), tenantId, { subscriptionId: sub.id })).toEqual([]);
  });

  it("approval charges the first period once, starts it and invoices it, even for concurrent approvals", async () => {
    const { sub } = await request("Approved");
    const before = (await captured()).length;
    clock = T0 + 3 * 24 * 60 * 60 * 1000;
    const asProvider = await userContext(db(), tenantId, providerId);
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => decideSubscription(asProvider, sub.id, "approve", deps())),
    );
    expect(results.some((r) => r.status === "fulfilled")).toBe(true);
    expect((await captured()).length).toBe(before + 1);
    const row = await selectSubscriptionIn(db().kysely, tenantId, sub.id);
    expect(row).toMatchObject({ status: "subscribed" });
    expect(Number(row?.current_period_start)).toBe(clock);
    const invoices = await listInvoices(db(), tenantId, { subscriptionId: sub.id });
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: "paid", totalMinor: 4000, periodStart: clock });
    const events = await selectSubscriptionEvents(db().kysely, tenantId, sub.id);
    expect(events.map((e) => [e.transition, e.actor])).toEqual([
      ["request_access", consumerId],
      ["approve", providerId],
    ]);
    clock = T0;
  });

  it("a charge declined at approval approves, then suspends with the price past due; paying reactivates", async () => {
    const { sub } = await request("Card-cancelled");
    const row = await selectSubscriptionIn(db().kysely, tenantId, sub.id);
    // The bank cancelled the card between the request and the decision.
    await db()
      .kysely.updateTable("sandbox_payment_methods")
      .set({ behaviour: "decline" })
      .where("token", "=", row?.payment_method_token ?? "")
      .execute();
    const decided = await decideSubscription(await userContext(db(), tenantId, providerId), sub.id, "approve", deps());
    expect(decided).toMatchObject({ status: "suspended", pastDueMinor: 4000 });
    const events = await db()
      .kysely.selectFrom("events")
      .select("payload")
      .where("tenant_id", "=", tenantId)
      .where("type", "=", "SubscribedToPlan")
      .execute();
    expect(events.filter((e) => JSON.parse(e.payload).subscription_id === sub.id)).toHaveLength(1);
    const [open] = await listInvoices(db(), tenantId, { subscriptionId: sub.id });
    expect(open).toMatchObject({ status: "open", totalMinor: 4000 });
    const back = await payPastDue(
      await userContext(db(), tenantId, consumerId),
      { subscriptionId: sub.id, card: GOOD, idempotencyKey: "k-pay-gated" },
      deps(),
    );
    expect(back).toMatchObject({ status: "subscribed", pastDueMinor: 0 });
  });

  it("invoice billing: the invoice is issued on approval, not on request", async () => {
    const invoiced = (await createTestTenant(db(), { config: { switches: { invoiceBilling: true } } })).id;
    const provider = (await createTestUser(db(), invoiced)).id;
    const consumer = (await createTestUser(db(), invoiced)).id;
    const api = await createTestApi(db(), invoiced, { owner_id: provider });
    const plan = await createPlan(await userContext(db(), invoiced, provider), api.id, {
      name: "Gated by invoice",
      monthlyPriceCents: 9900,
      approvalRequired: true,
    });
    const appId = (await createApp(await userContext(db(), invoiced, consumer), { name: "Invoiced" })).id;
    const sub = await subscribeWithPayment(
      await userContext(db(), invoiced, consumer),
      { planId: plan.id, appId },
      deps(),
    );
    expect(sub.status).toBe("pending_approval");
    expect(await listInvoices(db(), invoiced, { subscriptionId: sub.id })).toEqual([]);
    const approved = await decideSubscription(await userContext(db(), invoiced, provider), sub.id, "approve", deps());
    expect(approved.status).toBe("subscribed");
    const [invoice] = await listInvoices(db(), invoiced, { subscriptionId: sub.id });
    expect(invoice).toMatchObject({ status: "open", totalMinor: 9900, collectionMethod: "send_invoice" });
    expect(invoice?.dueAt).toBe(T0 + 30 * 24 * 60 * 60 * 1000);
  });

  it("a processor outage at approval refuses the decision and records nothing", async () => {
    const { sub } = await request("Outage");
    processor.setAvailable(false);
    try {
      await expect(
        decideSubscription(await userContext(db(), tenantId, providerId), sub.id, "approve", deps()),
      ).rejects.toMatchObject({
        code: "UNAVAILABLE",
      });
    } finally {
      processor.setAvailable(true);
    }
    const row = await selectSubscriptionIn(db().kysely, tenantId, sub.id);
    expect(row?.status).toBe("pending_approval");
    expect(
      (await decideSubscription(await userContext(db(), tenantId, providerId), sub.id, "approve", deps())).status,
    ).toBe("subscribed");
  });
});
