import type { FastifyInstance } from "fastify";
import pino from "pino";
import { request } from "undici";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { testProviders } from "../../../tests/providers";
import { TestBrowser } from "../../../tests/test-browser";
import { startTestGateway } from "../../../tests/test-gateway";
import { loadConfig } from "../../config";
import type { TenantInfo } from "../../core/tenants/tenants.types";
import { ensureDemoApis } from "../../db/seed/demo/demo-apis";
import type { RunningGateway } from "../../gateway/gateway-server";
import { buildWebServer } from "../web-server";

const PASSWORD = "harbour-compass-48";

describeEachDialect("apps, keys, plans and subscriptions over GraphQL, called through the gateway", ({ db }) => {
  let app: FastifyInstance;
  let gateway: RunningGateway;
  let tenant: TenantInfo;
  let consumer: TestBrowser;
  let provider: TestBrowser;
  let echoApiId = "";

  async function signUp(username: string): Promise<TestBrowser> {
    const browser = new TestBrowser(app, tenant.id);
    const res = await browser.signUpAndConfirm(db(), {
      email: `${username}@example.com`,
      username,
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    return browser;
  }

  beforeAll(async () => {
    tenant = await createTestTenant(db(), { config: { brandName: "Gateway tenant" } });
    await ensureDemoApis(db(), tenant.id);
    app = await buildWebServer({
      config: loadConfig({ LOG_LEVEL: "silent" }),
      db: db(),
      logger: pino({ level: "silent" }),
      providers: testProviders(db()),
    });
    await app.ready();
    gateway = await startTestGateway(db());
    consumer = await signUp("consumer-joe");
    provider = await signUp("provider-jane");
    const echo = await db()
      .kysely.selectFrom("apis")
      .select("id")
      .where("tenant_id", "=", tenant.id)
      .where("slug", "=", "portico-echo")
      .executeTakeFirstOrThrow();
    echoApiId = echo.id;
  });

  afterAll(async () => {
    await gateway?.close();
    await app?.close();
  });

  it("refuses My Apps to signed-out visitors", async () => {
    const anonymous = new TestBrowser(app, tenant.id);
    const res = await anonymous.graphql("{ myApps { id } }");
    expect(res.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("creates an app and a key, subscribes to the free plan, calls the demo API until the 429, then revokes", async () => {
    const created = await consumer.graphql<{ createApp: { id: string; name: string } }>(
      'mutation { createApp(name: "Weather bot") { id name } }',
    );
    const appId = created.data?.createApp.id ?? "";
    expect(created.data?.createApp.name).toBe("Weather bot");
    const key = await consumer.graphql<{
      createAppKey: { secret: string; key: { id: string; prefix: string; status: string } };
    }>("mutation($appId: ID!) { createAppKey(appId: $appId) { secret key { id prefix status } } }", { appId });
    const secret = key.data?.createAppKey.secret ?? "";
    expect(secret).toMatch(/^pk_/);
    expect(secret.startsWith(key.data?.createAppKey.key.prefix ?? "x")).toBe(true);
    expect(key.data?.createAppKey.key.status).toBe("ACTIVE");

    const plans = await consumer.graphql<{
      apiPlans: Array<{ id: string; name: string; isFree: boolean; rateLimitText: string; quotaText: string }>;
    }>("query($apiId: ID!) { apiPlans(apiId: $apiId) { id name isFree rateLimitText quotaText } }", {
      apiId: echoApiId,
    });
    const basic = plans.data?.apiPlans.find((p) => p.isFree);
    const pro = plans.data?.apiPlans.find((p) => !p.isFree);
    expect(basic).toMatchObject({ name: "Basic", rateLimitText: "10 requests per minute", quotaText: "1000 / day" });

    const paid = await consumer.graphql(
      "mutation($p: ID!, $a: ID!) { subscribeToPlan(planId: $p, appId: $a) { status } }",
      {
        p: pro?.id,
        a: appId,
      },
    );
    // No card: refused with the card-required code (the card flow is tested in the subscriptions domain).
    expect(paid.errors?.[0]?.message).toContain("Paid plans need a payment method");
    expect(paid.errors?.[0]?.extensions?.code).toBe("PAYMENT_METHOD_REQUIRED");
    const sub = await consumer.graphql<{ subscribeToPlan: { status: string; plan: { name: string } } }>(
      "mutation($p: ID!, $a: ID!) { subscribeToPlan(planId: $p, appId: $a) { status plan { name } } }",
      { p: basic?.id, a: appId },
    );
    expect(sub.data?.subscribeToPlan).toEqual({ status: "SUBSCRIBED", plan: { name: "Basic" } });

    const info = await consumer.graphql<{ gateway: { keyHeader: string } }>(
      "{ gateway { baseUrl keyHeader tenantHeader } }",
    );
    expect(info.data?.gateway.keyHeader).toBe("X-Api-Key");
    const callEcho = async () => {
      const res = await request(`${gateway.url}/portico/portico-echo/anything?q=hi`, {
        headers: { "x-api-key": secret, "x-tenant-id": tenant.id },
      });
      return { status: res.statusCode, body: await res.body.text(), retryAfter: res.headers["retry-after"] };
    };
    const first = await callEcho();
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)).toMatchObject({ path: "/anything", query: { q: "hi" } });
    expect(JSON.parse(first.body).headers["x-portico-plan"]).toBe(basic?.id);
    const statuses = [first.status];
    let last = first;
    for (let i = 0; i < 10; i++) {
      last = await callEcho();
      statuses.push(last.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(last.status).toBe(429);
    expect(Number(last.retryAfter)).toBeGreaterThan(0);

    await gateway.flush();
    const mine = await consumer.graphql<{
      myApps: Array<{
        name: string;
        keys: Array<{ status: string }>;
        subscriptions: Array<{ status: string }>;
        usage: { calls: number; billable: number };
      }>;
    }>("{ myApps { name keys { status } subscriptions { status } usage(sinceMinutes: 10) { calls billable } } }");
    expect(mine.data?.myApps[0]).toEqual({
      name: "Weather bot",
      keys: [{ status: "ACTIVE" }],
      subscriptions: [{ status: "SUBSCRIBED" }],
      usage: { calls: 11, billable: 10 },
    });

    const revoked = await consumer.graphql<{ revokeAppKey: { status: string } }>(
      "mutation($k: ID!) { revokeAppKey(keyId: $k) { status } }",
      { k: key.data?.createAppKey.key.id },
    );
    expect(revoked.data?.revokeAppKey.status).toBe("REVOKED");
    expect((await callEcho()).status).toBe(401);
  });

  it("lets only the provider create and edit plans, with every spec field", async () => {
    const providerUser = await db()
      .kysely.selectFrom("users")
      .select("id")
      .where("tenant_id", "=", tenant.id)
      .where("username", "=", "provider-jane")
      .executeTakeFirstOrThrow();
    const api = await createTestApi(db(), tenant.id, {
      owner_id: providerUser.id,
      endpoints: [
        { method: "GET", path: "/search" },
        { method: "POST", path: "/translate" },
      ],
    });
    const input = {
      name: "Pro",
      recommended: true,
      hardLimit: false,
      overagePriceMicros: 250,
      rateLimit: { count: 1, unit: "SECOND" },
      quota: 1000,
      quotaPeriod: "MONTH",
      objects: [{ name: "Translations", quota: 50, quotaPeriod: "DAY", endpoints: ["POST /translate"] }],
      features: ["Translations", "Search"],
      monthlyPriceCents: 1500,
    };
    const mutation =
      "mutation($api: ID!, $input: PlanInput!) { createPlan(apiId: $api, input: $input) { id rateLimitText quotaText quotaPeriodAbbreviation hardLimit overagePriceMicros isFree objects { name endpoints quotaPeriod } } }";
    const denied = await consumer.graphql(mutation, { api: api.id, input });
    expect(denied.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const created = await provider.graphql<{ createPlan: { id: string } & Record<string, unknown> }>(mutation, {
      api: api.id,
      input,
    });
    expect(created.errors).toBeUndefined();
    expect(created.data?.createPlan).toMatchObject({
      rateLimitText: "one request per second",
      quotaText: "1000 / mo",
      quotaPeriodAbbreviation: "mo",
      hardLimit: false,
      overagePriceMicros: 250,
      isFree: false,
      objects: [{ name: "Translations", endpoints: ["POST /translate"], quotaPeriod: "DAY" }],
    });
    const bad = await provider.graphql(mutation, {
      api: api.id,
      input: { name: "Broken", objects: [{ name: "X", quota: 1, endpoints: ["GET /nope"] }] },
    });
    expect(bad.errors?.[0]?.message).toBe("Unknown endpoint 'GET /nope' for this API");
    const updated = await provider.graphql<{ updatePlan: { rateLimitText: string; deprecated: boolean } }>(
      "mutation($id: ID!, $input: PlanInput!) { updatePlan(id: $id, input: $input) { rateLimitText deprecated } }",
      { id: created.data?.createPlan.id, input: { rateLimit: { count: 20, unit: "MINUTE" }, deprecated: true } },
    );
    expect(updated.data?.updatePlan).toEqual({ rateLimitText: "20 requests per minute", deprecated: true });
  });
});
