import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { createTestUser } from "../../../tests/factories/users";
import { userContext } from "../../../tests/factories/viewers";
import { GatewayDirectory } from "../../gateway/gateway-directory";
import { SandboxPaymentProcessor } from "../../infra/payments/sandbox-processor";
import { createApp } from "../apps/apps.service";
import { listInvoices } from "../billing/invoices.service";
import type { CardDetails } from "../payments/payment-processor";
import { createPlan } from "../plans/plans.service";
import type { Plan } from "../plans/plans.types";
import { subscribeWithPayment } from "./subscribe.service";
import { changeSubscriptionPlan } from "./subscription-billing.service";
import { subscriptionQuote } from "./subscription-quote.service";
import { selectSubscriptionIn } from "./subscriptions.queries";
import { decideSubscription, listSubscriptionsOfApp } from "./subscriptions.service";

// Decision 049: asking an active subscription's move to a plan that needs approval charges nothing
// and keeps the current plan working; a rejection leaves the old plan as it was and tells the consumer; an approval
// switches the plan and charges the proration exactly once.

const GOOD: CardDetails = {
  holderName: "Ada Lovelace",
  number: "4242424242424242",
  expMonth: 12,
  expYear: 2099,
  cvc: "123",
};
const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2032, 4, 1, 9);

describeEachDialect("plan change to a plan that needs approval", ({ db }) => {
  let clock = T0;
  const now = () => clock;
  let tenantId: string;
  let providerId: string;
  let consumerId: string;
  let apiId: string;
  let pro: Plan;
  let enterprise: Plan;
  let processor: SandboxPaymentProcessor;
  const deps = () => ({ processor, now, ip: "10.2.2.2" });

  const captures = async () =>
    (await db().kysely.selectFrom("sandbox_authorizations").selectAll().where("tenant_id", "=", tenantId).execute())
      .filter((a) => a.status === "captured")
      .map((a) => Number(a.amount_minor));
  /** What the data plane would serve: a fresh directory, so nothing is cached between looks. */
  const gatewayView = async (appId: string) => {
    const directory = new GatewayDirectory(db(), { ttlMs: 60_000, allowPrivateUpstreams: false, demoOrigin: null });
    const sub = await directory.subscription(tenantId, appId, apiId);
    return { status: sub?.status, planId: sub?.plan.id };
  };
  const notificationsOf = (userId: string) =>
    db()
      .kysely.selectFrom("notifications")
      .select(["title", "type", "body_html"])
      .where("tenant_id", "=", tenantId)
      .where("user_id", "=", userId)
      .execute();

  beforeAll(async () => {
    tenantId = (await createTestTenant(db())).id;
    providerId = (await createTestUser(db(), tenantId)).id;
    consumerId = (await createTestUser(db(), tenantId)).id;
    apiId = (await createTestApi(db(), tenantId, { owner_id: providerId })).id;
    pro = await createPlan(await userContext(db(), tenantId, providerId), apiId, {
      name: "Pro",
      monthlyPriceCents: 1000,
    });
    enterprise = await createPlan(await userContext(db(), tenantId, providerId), apiId, {
      name: "Enterprise",
      monthlyPriceCents: 4997,
      approvalRequired: true,
    });
    processor = new SandboxPaymentProcessor(db(), { now });
  });

  it("request → reject → request again → approve: no charge until approval, then the proration once", async () => {
    clock = T0;
    const appId = (await createApp(await userContext(db(), tenantId, consumerId), { name: "Dashboard" })).id;
    const onPro = await subscribeWithPayment(
      await userContext(db(), tenantId, consumerId),
      { planId: pro.id, appId, card: GOOD, idempotencyKey: "k-pro" },
      deps(),
    );
    expect(onPro).toMatchObject({ status: "subscribed", planId: pro.id });
    expect(await captures()).toEqual([1000]);

    // Ten days into the period the consumer asks for Enterprise through the subscription modal.
    clock = T0 + 10 * DAY;
    const quote = await subscriptionQuote(await userContext(db(), tenantId, consumerId), enterprise.id, appId, now);
    expect(quote).toMatchObject({ totalDueTodayMinor: 0, changeNeedsApproval: true, currentPlanName: "Pro" });
    expect(quote.dueOnApprovalMinor).toBeGreaterThan(0);
    expect(quote.dueOnApprovalMinor).toBeLessThan(4997);
    const asked = await subscribeWithPayment(
      await userContext(db(), tenantId, consumerId),
      { planId: enterprise.id, appId, card: GOOD, idempotencyKey: "k-ent-1" },
      deps(),
    );
    expect(asked).toMatchObject({ status: "subscribed", planId: pro.id });
    expect(asked.planRequest).toMatchObject({ status: "pending", planId: enterprise.id, fromPlanId: pro.id });
    expect(asked.planRequest?.quotedMinor).toBe(quote.dueOnApprovalMinor);
    expect(await captures()).toEqual([1000]);
    expect(await gatewayView(appId)).toEqual({ status: "subscribed", planId: pro.id });
    expect((await notificationsOf(providerId)).map((n) => n.title)).toContain("Plan change request for Enterprise");

    // The provider rejects: still Pro, nothing to refund, the consumer is told.
    const rejected = await decideSubscription(
      await userContext(db(), tenantId, providerId),
      onPro.id,
      "reject",
      deps(),
    );
    expect(rejected).toMatchObject({ status: "subscribed", planId: pro.id });
    expect(rejected.planRequest).toMatchObject({ status: "rejected", planId: enterprise.id });
    expect(await captures()).toEqual([1000]);
    expect(await gatewayView(appId)).toEqual({ status: "subscribed", planId: pro.id });
    const [listed] = await listSubscriptionsOfApp(await userContext(db(), tenantId, consumerId), appId);
    expect(listed?.planRequest?.status).toBe("rejected");
    expect(await notificationsOf(consumerId)).toContainEqual(
      expect.objectContaining({ type: "error", title: "Your request for Enterprise was rejected; you stay on Pro" }),
    );

    // Asking again works (a rejected change does not lock the app out of the API).
    const again = await changeSubscriptionPlan(
      await userContext(db(), tenantId, consumerId),
      { subscriptionId: onPro.id, planId: enterprise.id, idempotencyKey: "k-ent-2" },
      deps(),
    );
    expect(again).toMatchObject({ status: "subscribed", planId: pro.id });
    expect(again.planRequest).toMatchObject({ status: "pending", planId: enterprise.id });
    expect(await captures()).toEqual([1000]);

    // Approval: the plan moves and the proration is charged exactly once, whatever the retries.
    // Two clicks at once: one wins the payment lock, the other is told a payment is in progress.
    const asProvider = await userContext(db(), tenantId, providerId);
    const clicks = await Promise.allSettled(
      Array.from({ length: 3 }, () => decideSubscription(asProvider, onPro.id, "approve", deps())),
    );
    for (const click of clicks) {
      if (click.status === "rejected") expect(click.reason).toMatchObject({ code: "CONFLICT" });
    }
    expect(clicks.some((c) => c.status === "fulfilled")).toBe(true);
    // And a retry afterwards answers with the switched subscription, charging nothing more.
    const approved = await decideSubscription(
      await userContext(db(), tenantId, providerId),
      onPro.id,
      "approve",
      deps(),
    );
    expect(approved).toMatchObject({ status: "subscribed", planId: enterprise.id, planRequest: null });
    expect(await captures()).toEqual([1000, quote.dueOnApprovalMinor]);
    expect(await gatewayView(appId)).toEqual({ status: "subscribed", planId: enterprise.id });
    const invoices = await listInvoices(db(), tenantId, { subscriptionId: onPro.id });
    expect(invoices).toHaveLength(2);
    expect(invoices.map((i) => i.totalMinor).sort((a, b) => a - b)).toEqual(
      [1000, quote.dueOnApprovalMinor].sort((a, b) => a - b),
    );
    const row = await selectSubscriptionIn(db().kysely, tenantId, onPro.id);
    expect(Number(row?.current_period_end)).toBe(Number(onPro.currentPeriodEnd));
    expect((await notificationsOf(consumerId)).map((n) => n.title)).toContain(
      "Your request for Enterprise was approved",
    );
  });

  it("a card declined at approval leaves the request waiting and the old plan working", async () => {
    clock = T0;
    const appId = (await createApp(await userContext(db(), tenantId, consumerId), { name: "Declined" })).id;
    const sub = await subscribeWithPayment(
      await userContext(db(), tenantId, consumerId),
      { planId: pro.id, appId, card: GOOD, idempotencyKey: "k-pro-declined" },
      deps(),
    );
    clock = T0 + 5 * DAY;
    await changeSubscriptionPlan(
      await userContext(db(), tenantId, consumerId),
      { subscriptionId: sub.id, planId: enterprise.id, idempotencyKey: "k-ent-declined" },
      deps(),
    );
    const row = await selectSubscriptionIn(db().kysely, tenantId, sub.id);
    await db()
      .kysely.updateTable("sandbox_payment_methods")
      .set({ behaviour: "decline" })
      .where("token", "=", row?.payment_method_token ?? "")
      .execute();
    const before = await captures();
    await expect(
      decideSubscription(await userContext(db(), tenantId, providerId), sub.id, "approve", deps()),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect(await captures()).toEqual(before);
    const [listed] = await listSubscriptionsOfApp(await userContext(db(), tenantId, consumerId), appId);
    expect(listed).toMatchObject({ status: "subscribed", planId: pro.id, planRequest: { status: "pending" } });
    expect(await gatewayView(appId)).toEqual({ status: "subscribed", planId: pro.id });
  });

  it("a request still waiting for its first approval switches to another gated plan without a charge", async () => {
    clock = T0;
    const plus = await createPlan(await userContext(db(), tenantId, providerId), apiId, {
      name: "Enterprise Plus",
      monthlyPriceCents: 9000,
      approvalRequired: true,
    });
    const appId = (await createApp(await userContext(db(), tenantId, consumerId), { name: "Still waiting" })).id;
    const asked = await subscribeWithPayment(
      await userContext(db(), tenantId, consumerId),
      { planId: enterprise.id, appId, card: GOOD, idempotencyKey: "k-new-ent" },
      deps(),
    );
    expect(asked.status).toBe("pending_approval");
    const before = await captures();
    const switched = await changeSubscriptionPlan(
      await userContext(db(), tenantId, consumerId),
      { subscriptionId: asked.id, planId: plus.id, idempotencyKey: "k-new-plus" },
      deps(),
    );
    expect(switched).toMatchObject({ status: "pending_approval", planId: plus.id, currentPeriodEnd: null });
    expect(await captures()).toEqual(before);
    expect(await listInvoices(db(), tenantId, { subscriptionId: asked.id })).toEqual([]);
    const approved = await decideSubscription(
      await userContext(db(), tenantId, providerId),
      asked.id,
      "approve",
      deps(),
    );
    expect(approved).toMatchObject({ status: "subscribed", planId: plus.id });
    expect(await captures()).toEqual([...before, 9000]);
  });
});
