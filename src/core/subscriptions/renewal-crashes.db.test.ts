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
import { findAndVoidOrphanHolds } from "../payments/reconciliation";
import { createPlan } from "../plans/plans.service";
import type { Plan } from "../plans/plans.types";
import { type RenewalStep, runBillingCycle } from "./renewals.service";
import { subscribeWithPayment } from "./subscribe.service";
import { selectSubscriptionEvents, selectSubscriptionIn } from "./subscriptions.queries";

// Money safety (decision 046): a crash at any step of a renewal, followed by the worker's next sweep, never charges twice,
// never records a past-due balance twice and leaves no hold behind once reconciliation ran.

const card = (number: string): CardDetails => ({
  holderName: "Grace Hopper",
  number,
  expMonth: 12,
  expYear: 2099,
  cvc: "123",
});
const GOOD = card("4242424242424242");
const LATER_DECLINED = card("4000000000000341");
const STEPS: readonly RenewalStep[] = ["invoiced", "charge_authorized", "charged", "recorded"];
const T0 = Date.UTC(2031, 4, 10, 9);
const HOUR = 60 * 60 * 1000;

class Crash extends Error {}

describeEachDialect("renewals: crash injection per step", ({ db }) => {
  let clock = T0;
  const now = () => clock;
  let tenantId: string;
  let consumerId: string;
  let plan: Plan;
  let processor: SandboxPaymentProcessor;

  const authorizations = async () =>
    db().kysely.selectFrom("sandbox_authorizations").selectAll().where("tenant_id", "=", tenantId).execute();
  const captured = async () => (await authorizations()).filter((a) => a.status === "captured");

  beforeAll(async () => {
    tenantId = (await createTestTenant(db())).id;
    const provider = await createTestUser(db(), tenantId);
    consumerId = (await createTestUser(db(), tenantId)).id;
    const api = await createTestApi(db(), tenantId, { owner_id: provider.id });
    plan = await createPlan(await userContext(db(), tenantId, provider.id), api.id, {
      name: "Monthly",
      monthlyPriceCents: 2500,
    });
    processor = new SandboxPaymentProcessor(db(), { now });
  });

  /** Subscribes a new app at T0 and moves the clock past its period end. */
  async function dueSubscription(name: string, number: CardDetails) {
    clock = T0;
    const appId = (await createApp(await userContext(db(), tenantId, consumerId), { name })).id;
    const sub = await subscribeWithPayment(
      await userContext(db(), tenantId, consumerId),
      { planId: plan.id, appId, card: number, idempotencyKey: `k-${name}` },
      { processor, now, ip: "10.0.0.9" },
    );
    clock = (sub.currentPeriodEnd ?? 0) + 1000;
    return sub;
  }

  function crashOnceAt(step: RenewalStep, subscriptionId: string) {
    let crashed = false;
    return (at: RenewalStep, id: string) => {
      if (at === step && id === subscriptionId && !crashed) {
        crashed = true;
        throw new Crash(`crash after ${step}`);
      }
    };
  }

  for (const step of STEPS) {
    it(`renews once after a crash after "${step}" and a second sweep`, async () => {
      const sub = await dueSubscription(`renew-${step}`, GOOD);
      const before = (await captured()).length;
      const first = await runBillingCycle(db(), { processor, now, crashAt: crashOnceAt(step, sub.id) });
      if (step !== "recorded") expect(first.retryLater).toContain(sub.id);
      await runBillingCycle(db(), { processor, now });
      await runBillingCycle(db(), { processor, now });

      expect((await captured()).length).toBe(before + 1);
      const row = await selectSubscriptionIn(db().kysely, tenantId, sub.id);
      expect(row?.status).toBe("subscribed");
      expect(Number(row?.current_period_start)).toBe(sub.currentPeriodEnd);
      const renewals = (await listInvoices(db(), tenantId, { subscriptionId: sub.id })).filter(
        (i) => i.periodStart === sub.currentPeriodEnd,
      );
      expect(renewals).toHaveLength(1);
      expect(renewals[0]).toMatchObject({ status: "paid", totalMinor: 2500 });
      const renewEvents = (await selectSubscriptionEvents(db().kysely, tenantId, sub.id)).filter(
        (e) => e.transition === "renew",
      );
      expect(renewEvents).toHaveLength(1);

      await findAndVoidOrphanHolds(db(), processor, { olderThanMs: 0, now: () => clock + 2 * HOUR });
      expect((await authorizations()).filter((a) => a.status === "authorized")).toEqual([]);
    });

    it(`suspends once, with the past-due balance counted once, after a crash after "${step}"`, async () => {
      const sub = await dueSubscription(`decline-${step}`, LATER_DECLINED);
      const before = (await captured()).length;
      await runBillingCycle(db(), { processor, now, crashAt: crashOnceAt(step, sub.id) });
      await runBillingCycle(db(), { processor, now });
      await runBillingCycle(db(), { processor, now });

      expect((await captured()).length).toBe(before);
      const row = await selectSubscriptionIn(db().kysely, tenantId, sub.id);
      expect(row?.status).toBe("suspended");
      expect(Number(row?.past_due_minor)).toBe(2500);
      const open = (await listInvoices(db(), tenantId, { subscriptionId: sub.id })).filter((i) => i.status === "open");
      expect(open).toHaveLength(1);
      const suspensions = (await selectSubscriptionEvents(db().kysely, tenantId, sub.id)).filter(
        (e) => e.transition === "suspend",
      );
      expect(suspensions.map((e) => e.actor)).toEqual(["system"]);
    });
  }
});
