import { request } from "undici";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { createTestUser } from "../../../tests/factories/users";
import { userContext } from "../../../tests/factories/viewers";
import { startTestGateway, startUpstream } from "../../../tests/test-gateway";
import type { RunningGateway } from "../../gateway/gateway-server";
import { SandboxPaymentProcessor } from "../../infra/payments/sandbox-processor";
import { createApp, createAppKey } from "../apps/apps.service";
import { IDEMPOTENCY_IN_FLIGHT_MESSAGE, IDEMPOTENCY_MISMATCH_MESSAGE } from "../billing/idempotency";
import { listInvoices } from "../billing/invoices.service";
import { upsertBillingCounters } from "../metering/metering.queries";
import { CARD_DECLINED_MESSAGE, PAYMENT_ERROR_MESSAGE } from "../payments/payment-messages";
import type { CardDetails } from "../payments/payment-processor";
import { findAndVoidOrphanHolds } from "../payments/reconciliation";
import { createPlan } from "../plans/plans.service";
import type { Plan } from "../plans/plans.types";
import { periodStart } from "../plans/quota-period";
import { payPastDue } from "./past-due.service";
import { runBillingCycle } from "./renewals.service";
import { subscribeWithPayment } from "./subscribe.service";
import { cancelSubscription } from "./subscription-billing.service";
import { type PaymentStep, SUBSCRIBE_STEPS } from "./subscription-payments";
import { selectSubscriptionEvents } from "./subscriptions.queries";

const card = (number: string): CardDetails => ({
  holderName: "Ada Lovelace",
  number,
  expMonth: 12,
  expYear: 2099,
  cvc: "123",
});
const GOOD = card("4242424242424242");
const DECLINED = card("4000000000000002");
const LATER_DECLINED = card("4000000000000341");
const _DAY = 24 * 60 * 60 * 1000;
// 15 March 2030, noon UTC: the quota month (March) is over before the first renewal (15 April).
const T0 = Date.UTC(2030, 2, 15, 12);

class Crash extends Error {}

describeEachDialect("paid subscriptions: subscribe, idempotency, crashes, renewals, organizations", ({ db }) => {
  let clock = T0;
  const now = () => clock;
  let tenantId: string;
  let consumerId: string;
  let paid: Plan;
  let pro: Plan;
  let processor: SandboxPaymentProcessor;
  let gateway: RunningGateway;
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  let basePath: string;

  const newApp = async (name = "App") => (await createApp(await userContext(db(), tenantId, consumerId), { name })).id;
  const deps = (extra: { crashAt?: (s: PaymentStep) => void } = {}) => ({ processor, now, ip: "10.0.0.1", ...extra });
  const sandbox = () => db().kysely;
  const captured = async () =>
    (
      await sandbox().selectFrom("sandbox_authorizations").selectAll().where("tenant_id", "=", tenantId).execute()
    ).filter((a) => a.status === "captured");
  const heldNow = async () =>
    (
      await sandbox().selectFrom("sandbox_authorizations").selectAll().where("tenant_id", "=", tenantId).execute()
    ).filter((a) => a.status === "authorized");
  const call = async (key: string) => {
    const res = await request(`${gateway.url}${basePath}/items`, {
      headers: { "x-tenant-id": tenantId, "x-api-key": key },
    });
    await res.body.text();
    return res.statusCode;
  };

  beforeAll(async () => {
    upstream = await startUpstream((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{}");
    });
    gateway = await startTestGateway(db());
    tenantId = (await createTestTenant(db())).id;
    const provider = await createTestUser(db(), tenantId);
    consumerId = (await createTestUser(db(), tenantId)).id;
    const api = await createTestApi(db(), tenantId, {
      owner_id: provider.id,
      upstream_url: `${upstream.url}/v1`,
      endpoints: [{ method: "GET", path: "/items" }],
    });
    basePath = `/${api.ownerUsername}/${api.slug}`;
    paid = await createPlan(await userContext(db(), tenantId, provider.id), api.id, {
      name: "Paid",
      monthlyPriceCents: 1900,
      quota: 100,
      quotaPeriod: "month",
      hardLimit: false,
      overagePriceMicros: 1000, // $0.001 per request above the quota
    });
    pro = await createPlan(await userContext(db(), tenantId, provider.id), api.id, {
      name: "Pro",
      monthlyPriceCents: 4900,
    });
    processor = new SandboxPaymentProcessor(db(), { now });
  });

  afterAll(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  it("subscribes with a card: 0.50 hold voided, first period charged once, invoice, event, transition log", async () => {
    const appId = await newApp();
    const sub = await subscribeWithPayment(
      await userContext(db(), tenantId, consumerId),
      { planId: paid.id, appId, card: GOOD, idempotencyKey: "k-basic" },
      deps(),
    );
    expect(sub).toMatchObject({ status: "subscribed", priceMinor: 1900, currency: "USD", currentPeriodStart: T0 });
    const auths = await sandbox()
      .selectFrom("sandbox_authorizations")
      .selectAll()
      .where("tenant_id", "=", tenantId)
      .execute();
    expect(auths.map((a) => [a.status, Number(a.amount_minor)]).sort()).toEqual([
      ["captured", 1900],
      ["voided", 50],
    ]);
    const [invoice] = await listInvoices(db(), tenantId, { subscriptionId: sub.id });
    expect(invoice).toMatchObject({ status: "paid", totalMinor: 1900, currency: "USD" });
    expect(invoice?.lines).toHaveLength(1);
    const events = await selectSubscriptionEvents(db().kysely, tenantId, sub.id);
    expect(events.map((e) => [e.transition, e.from_status, e.to_status, e.actor])).toEqual([
      ["subscribe", "unsubscribed", "subscribed", consumerId],
    ]);
    const analytics = await db()
      .kysely.selectFrom("events")
      .selectAll()
      .where("tenant_id", "=", tenantId)
      .where("type", "=", "SubscribedToPlan")
      .execute();
    expect(analytics.some((e) => JSON.parse(e.payload).subscription_id === sub.id)).toBe(true);
  });

  it("answers a declined card with the spec's message and subscribes nothing", async () => {
    const appId = await newApp();
    const before = (await captured()).length;
    await expect(
      subscribeWithPayment(
        await userContext(db(), tenantId, consumerId),
        { planId: paid.id, appId, card: DECLINED, idempotencyKey: "k-dec" },
        deps(),
      ),
    ).rejects.toMatchObject({ message: CARD_DECLINED_MESSAGE, details: { graphqlCode: "PAYMENT_DECLINED" } });
    expect((await captured()).length).toBe(before);
  });

  it("the retry card: the spec's payment error, then trying again (a new key, as the modal does) subscribes", async () => {
    const appId = await newApp("Retrying");
    const input = { planId: paid.id, appId, card: card("4000000000000119") };
    await expect(
      subscribeWithPayment(
        await userContext(db(), tenantId, consumerId),
        { ...input, idempotencyKey: "k-retry-1" },
        deps(),
      ),
    ).rejects.toMatchObject({ message: PAYMENT_ERROR_MESSAGE, details: { graphqlCode: "PAYMENT_ERROR" } });
    const sub = await subscribeWithPayment(
      await userContext(db(), tenantId, consumerId),
      { ...input, idempotencyKey: "k-retry-2" },
      deps(),
    );
    expect(sub.status).toBe("subscribed");
  });

  it("charges once for 100 concurrent requests with one key; repeats replay; another body is refused", async () => {
    const appId = await newApp();
    const before = (await captured()).length;
    const input = { planId: paid.id, appId, card: GOOD, idempotencyKey: "k-100" };
    const asConsumer = await userContext(db(), tenantId, consumerId);
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () => subscribeWithPayment(asConsumer, input, deps())),
    );
    const ok = results.filter((r) => r.status === "fulfilled").map((r) => r.value);
    const refused = results.filter((r) => r.status === "rejected").map((r) => r.reason as Error);
    expect(ok.length).toBeGreaterThan(0);
    for (const value of ok) expect(value).toEqual(ok[0]);
    for (const error of refused) expect(error.message).toBe(IDEMPOTENCY_IN_FLIGHT_MESSAGE);
    expect((await captured()).length).toBe(before + 1);
    expect(await subscribeWithPayment(await userContext(db(), tenantId, consumerId), input, deps())).toEqual(ok[0]);
    await expect(
      subscribeWithPayment(
        await userContext(db(), tenantId, consumerId),
        { ...input, card: card("5555555555554444") },
        deps(),
      ),
    ).rejects.toThrow(IDEMPOTENCY_MISMATCH_MESSAGE);
    expect((await captured()).length).toBe(before + 1);
  });

  for (const step of SUBSCRIBE_STEPS) {
    it(`crash after "${step}", then a retry: one charge, no hold left after reconciliation`, async () => {
      const appId = await newApp(`Crash ${step}`);
      const before = (await captured()).length;
      let crashed = false;
      const crashAt = (at: PaymentStep) => {
        if (at === step && !crashed) {
          crashed = true;
          throw new Crash(`crash after ${step}`);
        }
      };
      const input = { planId: paid.id, appId, card: GOOD, idempotencyKey: `k-crash-${step}` };
      await expect(
        subscribeWithPayment(await userContext(db(), tenantId, consumerId), input, deps({ crashAt })),
      ).rejects.toThrow(Crash);
      const sub = await subscribeWithPayment(await userContext(db(), tenantId, consumerId), input, deps());
      expect(sub.status).toBe("subscribed");
      expect((await captured()).length).toBe(before + 1);
      expect(await listInvoices(db(), tenantId, { subscriptionId: sub.id })).toHaveLength(1);
      await findAndVoidOrphanHolds(db(), processor, { olderThanMs: 0, now: () => clock + 2 * 60 * 60 * 1000 });
      expect(await heldNow()).toEqual([]);
    });
  }

  it("a crash between authorize and capture with no retry leaves no charge: reconciliation voids it", async () => {
    const appId = await newApp();
    const before = (await captured()).length;
    const crashAt = (at: PaymentStep) => {
      if (at === "charge_authorized") throw new Crash("gone");
    };
    await expect(
      subscribeWithPayment(
        await userContext(db(), tenantId, consumerId),
        { planId: paid.id, appId, card: GOOD, idempotencyKey: "k-orphan" },
        deps({ crashAt }),
      ),
    ).rejects.toThrow(Crash);
    expect((await heldNow()).length).toBe(1);
    const sweep = await findAndVoidOrphanHolds(db(), processor, {
      olderThanMs: 0,
      now: () => clock + 2 * 60 * 60 * 1000,
    });
    expect(sweep.voided.length).toBeGreaterThan(0);
    expect(await heldNow()).toEqual([]);
    expect((await captured()).length).toBe(before);
  });

  it("renewal fails → suspended (gateway refuses the key) → past due paid → reactivated; overage billed exactly", async () => {
    clock = T0;
    const appId = await newApp("Renewing");
    const issued = await createAppKey(await userContext(db(), tenantId, consumerId), appId);
    const sub = await subscribeWithPayment(
      await userContext(db(), tenantId, consumerId),
      { planId: paid.id, appId, card: LATER_DECLINED, idempotencyKey: "k-renew" },
      deps(),
    );
    expect(await call(issued.secret)).toBe(200);
    // The gateway counted 150 calls in March: 50 above the quota of 100 → 50 × $0.001 = 5 cents.
    await upsertBillingCounters(db(), [
      { tenantId, subscriptionId: sub.id, scope: "plan", periodStart: periodStart("month", T0), count: 150 },
    ]);

    clock = (sub.currentPeriodEnd ?? 0) + 1000;
    const report = await runBillingCycle(db(), { processor, now });
    expect(report.suspended).toContain(sub.id);
    const again = await runBillingCycle(db(), { processor, now });
    expect(again.suspended).not.toContain(sub.id);
    const invoices = await listInvoices(db(), tenantId, { subscriptionId: sub.id });
    const renewal = invoices.find((i) => i.periodStart === sub.currentPeriodEnd);
    expect(renewal).toMatchObject({ status: "open", totalMinor: 1905 });
    expect(renewal?.lines.find((l) => l.kind === "overage")).toMatchObject({ quantity: 50, amountMinor: 5 });
    expect(await call(issued.secret)).toBe(403);

    clock += 60_000;
    const back = await payPastDue(
      await userContext(db(), tenantId, consumerId),
      { subscriptionId: sub.id, card: GOOD, idempotencyKey: "k-pay" },
      deps(),
    );
    expect(back).toMatchObject({ status: "subscribed", pastDueMinor: 0 });
    expect(await call(issued.secret)).toBe(200);
    const paidInvoice = (await listInvoices(db(), tenantId, { subscriptionId: sub.id })).find(
      (i) => i.id === renewal?.id,
    );
    expect(paidInvoice?.status).toBe("paid");
    const transitions = (await selectSubscriptionEvents(db().kysely, tenantId, sub.id)).map((e) => [
      e.transition,
      e.actor,
    ]);
    expect(transitions).toEqual([
      ["subscribe", consumerId],
      ["suspend", "system"],
      ["reactivate", consumerId],
    ]);
  });

  it("cancel at period end: the worker ends the subscription without charging the next period", async () => {
    clock = T0;
    const appId = await newApp("Cancelling");
    const sub = await subscribeWithPayment(
      await userContext(db(), tenantId, consumerId),
      { planId: paid.id, appId, card: GOOD, idempotencyKey: "k-cancel" },
      deps(),
    );
    const cancelled = await cancelSubscription(await userContext(db(), tenantId, consumerId), sub.id, now);
    expect(cancelled).toMatchObject({ status: "subscribed", cancelAtPeriodEnd: true });
    const before = (await captured()).length;
    clock = (sub.currentPeriodEnd ?? 0) + 1;
    const report = await runBillingCycle(db(), { processor, now });
    expect(report.ended).toContain(sub.id);
    expect((await captured()).length).toBe(before);
  });

  it("renews a good card exactly once even when run twice", async () => {
    clock = T0;
    const appId = await newApp("Renew twice");
    const sub = await subscribeWithPayment(
      await userContext(db(), tenantId, consumerId),
      { planId: pro.id, appId, card: GOOD, idempotencyKey: "k-renew-twice" },
      deps(),
    );
    const before = (await captured()).length;
    clock = (sub.currentPeriodEnd ?? 0) + 1;
    await Promise.all([runBillingCycle(db(), { processor, now }), runBillingCycle(db(), { processor, now })]);
    await runBillingCycle(db(), { processor, now });
    expect((await captured()).length).toBe(before + 1);
    clock = T0;
  });
});
