import type { AppLoadContext } from "react-router";
import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../../tests/db-dialects";
import { createTestApi } from "../../../../tests/factories/apis";
import { createTestTenant } from "../../../../tests/factories/tenants";
import { createTestUser } from "../../../../tests/factories/users";
import { userContext } from "../../../../tests/factories/viewers";
import type { Viewer } from "../../../core/accounts/accounts.types";
import { createApp } from "../../../core/apps/apps.service";
import type { CardDetails } from "../../../core/payments/payment-processor";
import { createPlan } from "../../../core/plans/plans.service";
import { runBillingCycle } from "../../../core/subscriptions/renewals.service";
import { subscribeWithPayment } from "../../../core/subscriptions/subscribe.service";
import type { TenantInfo } from "../../../core/tenants/tenants.types";
import type { UserRow } from "../../../db/schema";
import { SandboxPaymentProcessor } from "../../../infra/payments/sandbox-processor";
import { loadBilling } from "./billing-data.server";

const card = (number: string): CardDetails => ({
  holderName: "Ada Lovelace",
  number,
  expMonth: 12,
  expYear: 2099,
  cvc: "123",
});
// Succeeds now, declines the renewal (docs/payments-test-cards.md).
const LATER_DECLINED = card("4000000000000341");
const T0 = Date.UTC(2030, 2, 15, 12);

const viewerOf = (u: UserRow, tenantId: string): Viewer => ({
  id: u.id,
  tenantId,
  username: u.username,
  name: u.name,
  email: u.email,
  thumbnail: null,
  isAdmin: false,
  emailVerified: true,
  sessionId: null,
});

describeEachDialect("Billing page data: subscriptions with price, period end and past due; invoices", ({ db }) => {
  let clock = T0;
  const now = () => clock;
  let tenant: TenantInfo;
  let consumer: UserRow;
  let other: UserRow;
  let subscriptionId: string;
  const context = () => ({ db: db(), tenant }) as unknown as AppLoadContext;

  beforeAll(async () => {
    tenant = await createTestTenant(db(), { config: { brandName: "Billing Co", supportEmail: "help@billing.test" } });
    const provider = await createTestUser(db(), tenant.id);
    consumer = await createTestUser(db(), tenant.id);
    other = await createTestUser(db(), tenant.id);
    const api = await createTestApi(db(), tenant.id, { owner_id: provider.id, name: "Forecast API" });
    const team = await createPlan(await userContext(db(), tenant.id, provider.id), api.id, {
      name: "Team",
      monthlyPriceCents: 1900,
      quota: 100,
      quotaPeriod: "month",
      hardLimit: false,
      overagePriceMicros: 1000,
    });
    await createPlan(await userContext(db(), tenant.id, provider.id), api.id, {
      name: "Business",
      monthlyPriceCents: 4900,
    });
    await createPlan(await userContext(db(), tenant.id, provider.id), api.id, {
      name: "Legacy",
      monthlyPriceCents: 900,
      deprecated: true,
    });
    const appId = (await createApp(await userContext(db(), tenant.id, consumer.id), { name: "Weather board" })).id;
    const processor = new SandboxPaymentProcessor(db(), { now });
    const sub = await subscribeWithPayment(
      await userContext(db(), tenant.id, consumer.id),
      { planId: team.id, appId, card: LATER_DECLINED, idempotencyKey: "billing-page" },
      { processor, now, ip: "10.0.0.9" },
    );
    subscriptionId = sub.id;
    // The renewal is declined: suspended with the next period's price past due.
    clock = (sub.currentPeriodEnd ?? 0) + 1000;
    await runBillingCycle(db(), { processor, now });
  });

  it("shows the suspended subscription with its price, period end, past-due balance and the plans to change to", async () => {
    const data = await loadBilling(context(), viewerOf(consumer, tenant.id), 1);
    expect(data.supportEmail).toBe("help@billing.test");
    expect(data.subscriptions).toHaveLength(1);
    const [sub] = data.subscriptions;
    expect(sub).toMatchObject({
      id: subscriptionId,
      status: "suspended",
      apiName: "Forecast API",
      appName: "Weather board",
      planName: "Team",
      price: { amountMinor: 1900, currency: "USD" },
      isFree: false,
      coveredByOrganization: false,
      contextLabel: null,
    });
    expect(sub?.pastDue.amountMinor).toBeGreaterThanOrEqual(1900);
    expect(sub?.currentPeriodEnd).toBeGreaterThan(T0);
    // Other plans of the API, deprecated ones left out.
    expect(sub?.planOptions.map((p) => p.name)).toEqual(["Business"]);
  });

  it("lists the viewer's invoices newest first: the open renewal, then the paid first period", async () => {
    const data = await loadBilling(context(), viewerOf(consumer, tenant.id), 1);
    expect(data.invoices.map((i) => i.status)).toEqual(["open", "paid"]);
    expect(data.invoices[1]?.total).toEqual({ amountMinor: 1900, currency: "USD" });
    expect(data.invoicePage).toEqual({ page: 1, hasMore: false });
    const second = await loadBilling(context(), viewerOf(consumer, tenant.id), 2);
    expect(second.invoices).toEqual([]);
  });

  it("shows another user none of it", async () => {
    const data = await loadBilling(context(), viewerOf(other, tenant.id), 1);
    expect(data.subscriptions).toEqual([]);
    expect(data.invoices).toEqual([]);
  });
});
