import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { createTestUser } from "../../../tests/factories/users";
import { userContext } from "../../../tests/factories/viewers";
import { testProviders } from "../../../tests/providers";
import { TestBrowser } from "../../../tests/test-browser";
import { loadConfig } from "../../config";
import { CARD_DECLINED_MESSAGE } from "../../core/payments/payment-messages";
import { createPlan } from "../../core/plans/plans.service";
import type { TenantInfo } from "../../core/tenants/tenants.types";
import { buildWebServer } from "../web-server";

const SUBSCRIBE = `mutation($p: ID!, $a: ID!, $c: CardInput, $k: String) {
  subscribeToPlan(planId: $p, appId: $a, card: $c, idempotencyKey: $k) {
    status price { formatted } currentPeriodEnd cancelAtPeriodEnd pastDue { amountMinor }
  }
}`;
const card = (number: string) => ({ holderName: "Joe", number, expMonth: 12, expYear: 2099, cvc: "123" });

describeEachDialect("billing over GraphQL: quote, card subscribe, spec payment errors, invoices", ({ db }) => {
  let app: FastifyInstance;
  let tenant: TenantInfo;
  let consumer: TestBrowser;
  let planId = "";

  beforeAll(async () => {
    tenant = await createTestTenant(db());
    app = await buildWebServer({
      config: loadConfig({ LOG_LEVEL: "silent" }),
      db: db(),
      logger: pino({ level: "silent" }),
      providers: testProviders(db()),
    });
    await app.ready();
    consumer = new TestBrowser(app, tenant.id);
    await consumer.signUpAndConfirm(db(), {
      email: "joe@billing.test",
      username: "billing-joe",
      password: "harbour-compass-48",
    });
    const provider = await createTestUser(db(), tenant.id);
    const api = await createTestApi(db(), tenant.id, { owner_id: provider.id });
    planId = (
      await createPlan(await userContext(db(), tenant.id, provider.id), api.id, {
        name: "Gold",
        monthlyPriceCents: 1999,
      })
    ).id;
  });

  afterAll(async () => {
    await app?.close();
  });

  const newApp = async (name: string) => {
    const created = await consumer.graphql<{ createApp: { id: string } }>(
      "mutation($n: String!) { createApp(name: $n) { id } }",
      { n: name },
    );
    return created.data?.createApp.id ?? "";
  };

  it("quotes, refuses a declined card with the spec's message and PAYMENT_DECLINED, subscribes with a good one", async () => {
    const appId = await newApp("Billing app");
    const quote = await consumer.graphql<{
      subscriptionQuote: Record<string, { formatted: string } | boolean | string>;
    }>(
      "query($p: ID!, $a: ID!) { subscriptionQuote(planId: $p, appId: $a) { monthlyPrice { formatted } totalDueToday { formatted } holdAmount { formatted } invoiceBilling overageMode } }",
      { p: planId, a: appId },
    );
    expect(quote.data?.subscriptionQuote).toEqual({
      monthlyPrice: { formatted: "$19.99" },
      totalDueToday: { formatted: "$19.99" },
      holdAmount: { formatted: "$0.50" },
      invoiceBilling: false,
      overageMode: "SUSPENDED",
    });

    const declined = await consumer.graphql(SUBSCRIBE, { p: planId, a: appId, c: card("4000000000000002"), k: "g-1" });
    expect(declined.errors?.[0]?.message).toBe(CARD_DECLINED_MESSAGE);
    expect(declined.errors?.[0]?.extensions?.code).toBe("PAYMENT_DECLINED");

    const ok = await consumer.graphql<{ subscribeToPlan: Record<string, unknown> }>(SUBSCRIBE, {
      p: planId,
      a: appId,
      c: card("4242424242424242"),
      k: "g-2",
    });
    expect(ok.data?.subscribeToPlan).toMatchObject({
      status: "SUBSCRIBED",
      price: { formatted: "$19.99" },
      cancelAtPeriodEnd: false,
      pastDue: null,
    });

    const invoices = await consumer.graphql<{
      myInvoices: Array<{ status: string; total: { formatted: string }; html: string }>;
    }>("{ myInvoices { status total { formatted } html } }");
    expect(invoices.data?.myInvoices).toHaveLength(1);
    expect(invoices.data?.myInvoices[0]).toMatchObject({ status: "PAID", total: { formatted: "$19.99" } });
    expect(invoices.data?.myInvoices[0]?.html).toContain("Gold plan");
  });
});
