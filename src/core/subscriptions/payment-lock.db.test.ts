import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { createTestUser } from "../../../tests/factories/users";
import { userContext } from "../../../tests/factories/viewers";
import { SandboxPaymentProcessor } from "../../infra/payments/sandbox-processor";
import { createApp } from "../apps/apps.service";
import { listInvoices } from "../billing/invoices.service";
import { isAppError } from "../errors/app-error";
import type { CardDetails } from "../payments/payment-processor";
import { createPlan } from "../plans/plans.service";
import type { Plan } from "../plans/plans.types";
import { PAYMENT_IN_PROGRESS_MESSAGE, PAYMENT_LOCK_STALE_MS, withSubscriptionPaymentLock } from "./payment-lock";
import { subscribeWithPayment } from "./subscribe.service";
import { changeSubscriptionPlan } from "./subscription-billing.service";

// Decision 046: requests with *different* idempotency keys for one subscription (two tabs, two organization
// members) never both charge: one holds the (app, API) payment lock, the others get 409 and, sent again, find the
// subscription done without being charged.

const GOOD: CardDetails = {
  holderName: "Ada Lovelace",
  number: "4242424242424242",
  expMonth: 12,
  expYear: 2099,
  cvc: "123",
};
const T0 = Date.UTC(2033, 6, 1, 10);

describeEachDialect("payment lock per (app, API)", ({ db }) => {
  let clock = T0;
  const now = () => clock;
  let tenantId: string;
  let consumerId: string;
  let basic: Plan;
  let pro: Plan;
  let processor: SandboxPaymentProcessor;
  const deps = () => ({ processor, now, ip: "10.2.2.2" });
  const captured = async () =>
    (
      await db().kysely.selectFrom("sandbox_authorizations").selectAll().where("tenant_id", "=", tenantId).execute()
    ).filter((a) => a.status === "captured");

  beforeAll(async () => {
    tenantId = (await createTestTenant(db())).id;
    const providerId = (await createTestUser(db(), tenantId)).id;
    consumerId = (await createTestUser(db(), tenantId)).id;
    const api = await createTestApi(db(), tenantId, { owner_id: providerId });
    basic = await createPlan(await userContext(db(), tenantId, providerId), api.id, {
      name: "Basic",
      monthlyPriceCents: 1000,
    });
    pro = await createPlan(await userContext(db(), tenantId, providerId), api.id, {
      name: "Pro",
      monthlyPriceCents: 3000,
    });
    processor = new SandboxPaymentProcessor(db(), { now });
  });

  it("charges once when 20 requests with 20 different keys subscribe one app at once", async () => {
    const appId = (await createApp(await userContext(db(), tenantId, consumerId), { name: "Racing" })).id;
    const before = (await captured()).length;
    const asConsumer = await userContext(db(), tenantId, consumerId);
    const attempt = (key: string) =>
      subscribeWithPayment(asConsumer, { planId: basic.id, appId, card: GOOD, idempotencyKey: key }, deps());
    const keys = Array.from({ length: 20 }, (_, i) => `k-race-${i}`);
    const results = await Promise.allSettled(keys.map(attempt));
    for (const r of results) {
      if (r.status === "rejected") {
        expect(isAppError(r.reason) && r.reason.code).toBe("CONFLICT");
      } else {
        expect(r.value.status).toBe("subscribed");
      }
    }
    expect((await captured()).length).toBe(before + 1);
    // Every refused request sent again (same key) finds the subscription and is not charged.
    for (const [i, r] of results.entries()) {
      if (r.status === "rejected") expect((await attempt(keys[i] ?? "")).status).toBe("subscribed");
    }
    expect((await captured()).length).toBe(before + 1);
  });

  it("charges one proration when two different keys change the plan at once", async () => {
    const appId = (await createApp(await userContext(db(), tenantId, consumerId), { name: "Upgrading" })).id;
    const sub = await subscribeWithPayment(
      await userContext(db(), tenantId, consumerId),
      { planId: basic.id, appId, card: GOOD, idempotencyKey: "k-up-sub" },
      deps(),
    );
    clock = T0 + 10 * 24 * 60 * 60 * 1000;
    const before = (await captured()).length;
    const consumer = await userContext(db(), tenantId, consumerId);
    const change = (key: string) =>
      changeSubscriptionPlan(consumer, { subscriptionId: sub.id, planId: pro.id, idempotencyKey: key }, deps());
    await Promise.allSettled([change("k-up-a"), change("k-up-b"), change("k-up-c")]);
    expect((await captured()).length).toBe(before + 1);
    const invoices = await listInvoices(db(), tenantId, { subscriptionId: sub.id });
    expect(invoices.filter((i) => i.lines.some((l) => l.kind === "proration"))).toHaveLength(1);
    clock = T0;
  });

  it("is taken over from a crashed holder once stale, and by the same request at once", async () => {
    const target = { appId: "app-x", apiId: "api-x" };
    let release: () => void = () => {};
    let acquired: () => void = () => {};
    const holding = new Promise<void>((resolve) => {
      acquired = resolve;
    });
    const held = withSubscriptionPaymentLock(db(), tenantId, target, "holder-a", now, () => {
      acquired();
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await holding;
    await expect(withSubscriptionPaymentLock(db(), tenantId, target, "holder-b", now, async () => 1)).rejects.toThrow(
      PAYMENT_IN_PROGRESS_MESSAGE,
    );
    // The same request (its retry after a crash) gets it back at once.
    expect(await withSubscriptionPaymentLock(db(), tenantId, target, "holder-a", now, async () => 2)).toBe(2);
    release();
    await held;

    // A holder that never released (a crashed process) is taken over after the stale window.
    await insertLock(target, "holder-dead", T0);
    await expect(withSubscriptionPaymentLock(db(), tenantId, target, "holder-c", now, async () => 3)).rejects.toThrow(
      PAYMENT_IN_PROGRESS_MESSAGE,
    );
    const later = () => T0 + PAYMENT_LOCK_STALE_MS + 1;
    expect(await withSubscriptionPaymentLock(db(), tenantId, target, "holder-c", later, async () => 4)).toBe(4);
  });

  async function insertLock(target: { appId: string; apiId: string }, holder: string, at: number) {
    await db()
      .kysely.insertInto("subscription_payment_locks")
      .values({ tenant_id: tenantId, app_id: target.appId, api_id: target.apiId, holder, locked_at: at })
      .execute();
  }
});
