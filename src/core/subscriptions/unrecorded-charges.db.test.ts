import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { createTestUser } from "../../../tests/factories/users";
import { userContext } from "../../../tests/factories/viewers";
import { SandboxPaymentProcessor } from "../../infra/payments/sandbox-processor";
import { createApp } from "../apps/apps.service";
import { PAYMENT_ERROR_MESSAGE } from "../payments/payment-messages";
import type { CardDetails } from "../payments/payment-processor";
import { refundUnrecordedCharges } from "../payments/reconciliation";
import { createPlan } from "../plans/plans.service";
import type { Plan } from "../plans/plans.types";
import { subscribeWithPayment } from "./subscribe.service";
import type { PaymentStep } from "./subscription-payments";

// Decision 041, last gap closed: a subscribe that crashed after its capture and before its invoice, never retried,
// leaves a charge nothing paid for. Reconciliation refunds it; a very late retry of that request then fails with the
// payment error (never a subscription on a refunded charge); a recorded charge is never refunded.

const GOOD: CardDetails = {
  holderName: "Ada Lovelace",
  number: "4242424242424242",
  expMonth: 12,
  expYear: 2099,
  cvc: "123",
};
const T0 = Date.UTC(2034, 0, 20, 12);
const DAY = 24 * 60 * 60 * 1000;

class Crash extends Error {}

describeEachDialect("reconciliation: unrecorded captured charges", ({ db }) => {
  let clock = T0;
  const now = () => clock;
  let tenantId: string;
  let consumerId: string;
  let plan: Plan;
  let processor: SandboxPaymentProcessor;
  const deps = (crashAt?: (step: PaymentStep) => void) => ({ processor, now, ip: "10.3.3.3", crashAt });
  const sandboxCharges = async () =>
    (
      await db().kysely.selectFrom("sandbox_authorizations").selectAll().where("tenant_id", "=", tenantId).execute()
    ).filter((a) => a.status === "captured");

  beforeAll(async () => {
    tenantId = (await createTestTenant(db())).id;
    const providerId = (await createTestUser(db(), tenantId)).id;
    consumerId = (await createTestUser(db(), tenantId)).id;
    const api = await createTestApi(db(), tenantId, { owner_id: providerId });
    plan = await createPlan(await userContext(db(), tenantId, providerId), api.id, {
      name: "Team",
      monthlyPriceCents: 2200,
    });
    processor = new SandboxPaymentProcessor(db(), { now });
  });

  it("refunds a charge whose request crashed before recording it, once, and refuses its late retry", async () => {
    clock = T0;
    const recordedApp = (await createApp(await userContext(db(), tenantId, consumerId), { name: "Recorded" })).id;
    await subscribeWithPayment(
      await userContext(db(), tenantId, consumerId),
      { planId: plan.id, appId: recordedApp, card: GOOD, idempotencyKey: "k-recorded" },
      deps(),
    );
    const appId = (await createApp(await userContext(db(), tenantId, consumerId), { name: "Abandoned" })).id;
    const input = { planId: plan.id, appId, card: GOOD, idempotencyKey: "k-abandoned" };
    const crash = (step: PaymentStep) => {
      if (step === "charge_captured") throw new Crash("process died");
    };
    await expect(
      subscribeWithPayment(await userContext(db(), tenantId, consumerId), input, deps(crash)),
    ).rejects.toThrow(Crash);

    // Within the retry window nothing is touched.
    expect((await refundUnrecordedCharges(db(), processor, { olderThanMs: DAY, now })).refunded).toEqual([]);

    clock = T0 + DAY + 1;
    const [a, b] = await Promise.all([
      refundUnrecordedCharges(db(), processor, { olderThanMs: DAY, now }),
      refundUnrecordedCharges(db(), processor, { olderThanMs: DAY, now }),
    ]);
    expect([...(a?.refunded ?? []), ...(b?.refunded ?? [])]).toHaveLength(1);
    const charges = await sandboxCharges();
    expect(charges.map((c) => Number(c.refunded_minor)).sort((x, y) => x - y)).toEqual([0, 2200]);
    const ledger = await db()
      .kysely.selectFrom("payment_authorizations")
      .select("status")
      .where("tenant_id", "=", tenantId)
      .where("purpose", "=", "payment")
      .execute();
    expect(ledger.map((r) => r.status).sort()).toEqual(["captured", "refunded"]);

    // The abandoned request retried very late: the payment error, no subscription on the refunded charge.
    await expect(
      subscribeWithPayment(await userContext(db(), tenantId, consumerId), input, deps()),
    ).rejects.toMatchObject({
      message: PAYMENT_ERROR_MESSAGE,
    });
    // Trying again (a new key) pays anew and subscribes.
    const sub = await subscribeWithPayment(
      await userContext(db(), tenantId, consumerId),
      { ...input, idempotencyKey: "k-new" },
      deps(),
    );
    expect(sub.status).toBe("subscribed");
    expect(
      (await refundUnrecordedCharges(db(), processor, { olderThanMs: DAY, now: () => clock + 2 * DAY })).refunded,
    ).toEqual([]);
  });
});
