import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestTenant } from "../../../tests/factories/tenants";
import { testProviders } from "../../../tests/providers";
import { TestBrowser } from "../../../tests/test-browser";
import { loadConfig, publicBaseUrl } from "../../config";
import { createUser } from "../../core/accounts/accounts.service";
import { selectOutboxFor } from "../../core/accounts/mail-outbox.queries";
import { SIGN_UP_CHECK_INBOX, SIGN_UP_LIMITED } from "../../core/accounts/sign-up.service";
import type { TenantInfo } from "../../core/tenants/tenants.types";
import { buildWebServer } from "../web-server";

const PASSWORD = "meadow-lantern-31";
const PUBLIC_URL = "https://hub.example.com";

describe("publicBaseUrl", () => {
  it("defaults to http://localhost:PORT and drops a trailing slash", () => {
    expect(publicBaseUrl(loadConfig({}))).toBe("http://localhost:3000");
    expect(publicBaseUrl(loadConfig({ PORT: "8080" }))).toBe("http://localhost:8080");
    expect(publicBaseUrl(loadConfig({ PUBLIC_URL: "https://hub.example.com/" }))).toBe("https://hub.example.com");
    expect(() => loadConfig({ PUBLIC_URL: "javascript:alert(1)" })).toThrow(/PUBLIC_URL/);
  });
});

/*
 * The anti-abuse rules of accounts (decision 020) over HTTP: reset links come from PUBLIC_URL and name the tenant whatever Host header the
 * request carried (host-header poisoning), and sign-ups are limited per client IP with one answer for every e-mail.
 */
describeEachDialect("auth abuse limits", ({ db }) => {
  let app: FastifyInstance;
  let t1: TenantInfo;
  let t2: TenantInfo;

  beforeAll(async () => {
    t1 = await createTestTenant(db(), { config: { brandName: "One" } });
    t2 = await createTestTenant(db(), { config: { brandName: "Two" } });
    app = await buildWebServer({
      config: loadConfig({ LOG_LEVEL: "silent", PUBLIC_URL, SIGN_UP_MAX_PER_IP_PER_HOUR: "3" }),
      db: db(),
      logger: pino({ level: "silent" }),
      providers: testProviders(db()),
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
  });

  async function linkIn(tenantId: string, email: string): Promise<string> {
    const mails = await selectOutboxFor(db(), tenantId, email);
    const body = mails[mails.length - 1]?.body_text ?? "";
    return /https?:\/\/\S+/.exec(body)?.[0] ?? "";
  }

  it("builds reset links from PUBLIC_URL and the tenant, never from the Host header", async () => {
    await createUser(db(), t2.id, { username: "rosa", email: "rosa@example.com", password: PASSWORD });
    const browser = new TestBrowser(app, t2.id);
    await browser.fetchCsrf();
    const poisoned = { host: "evil.test", "x-forwarded-host": "evil.test", "x-forwarded-proto": "http" };
    const response = await browser.request({
      method: "POST",
      url: "/authentication/password-reset",
      payload: { email: "rosa@example.com" },
      headers: { ...poisoned, "csrf-token": browser.csrfToken },
    });
    expect(response.statusCode).toBe(200);
    const link = await linkIn(t2.id, "rosa@example.com");
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/auth/reset-password\\?token=[A-Za-z0-9_-]{43}&tenant=${t2.id}$`));
    expect(link).not.toContain("evil");

    // The GraphQL mutation builds the same link.
    const gql = await browser.request({
      method: "POST",
      url: "/gateway/graphql",
      payload: { query: 'mutation { requestPasswordReset(email: "rosa@example.com") { message } }' },
      headers: { ...poisoned, "csrf-token": browser.csrfToken },
    });
    expect(gql.statusCode).toBe(200);
    const second = await linkIn(t2.id, "rosa@example.com");
    expect(second.startsWith(`${PUBLIC_URL}/auth/reset-password?token=`)).toBe(true);
    expect(second).not.toBe(link);
  });

  it("a reset link opened in a fresh browser selects its tenant, so the reset form's POST works", async () => {
    await createUser(db(), t2.id, { username: "lena", email: "lena@example.com", password: PASSWORD });
    const requester = new TestBrowser(app, t2.id);
    await requester.fetchCsrf();
    await requester.post("/authentication/password-reset", { email: "lena@example.com" });
    const link = new URL(await linkIn(t2.id, "lena@example.com"));
    const token = link.searchParams.get("token") ?? "";

    // A browser that never saw tenant 2 (no header, no cookie): the link's tenant wins over the default.
    // (An empty x-tenant-id header counts as none.)
    const fresh = new TestBrowser(app, "");
    const opened = await fresh.request({ method: "GET", url: `${link.pathname}${link.search}` });
    expect(String(opened.headers["set-cookie"])).toContain(`portico_tenant=${t2.id}`);
    // Only that page honours the parameter.
    const elsewhere = new TestBrowser(app, "");
    const other = await elsewhere.request({ method: "GET", url: `/hub?tenant=${t2.id}` });
    expect(String(other.headers["set-cookie"] ?? "")).not.toContain(`portico_tenant=${t2.id}`);

    // From now on the fresh browser talks to tenant 2 through its cookie alone.
    await fresh.fetchCsrf();
    const confirmed = await fresh.post("/authentication/password-reset/confirm", {
      token,
      password: "brand-new-harbor-5",
    });
    expect(confirmed.statusCode).toBe(200);
    expect((confirmed.json() as { data: { user: { username: string } } }).data.user.username).toBe("lena");
  });

  it("limits sign-ups per client IP with the same answer for every e-mail, counting HTTP and GraphQL", async () => {
    const browser = new TestBrowser(app, t1.id);
    browser.remoteAddress = "203.0.113.9";
    await browser.fetchCsrf();
    const signUp = (n: string) =>
      browser.post("/authentication/sign-up", { email: `${n}@example.com`, username: n, password: PASSWORD });
    expect((await signUp("ipa")).statusCode).toBe(200);
    // A refused attempt (username in use) counts too: the limit also slows probing through sign-up.
    expect((await signUp("ipa")).statusCode).toBe(409);
    const gql = await browser.graphql<{ signUp: { message: string } }>(
      `mutation { signUp(email: "ipb@example.com", username: "ipb", password: "${PASSWORD}") { message } }`,
    );
    expect(gql.data?.signUp.message).toBe(SIGN_UP_CHECK_INBOX);

    // Over the limit: a new e-mail and a registered one get the same answer, and nothing is created.
    const fresh = await signUp("ipc");
    const taken = await signUp("ipa");
    expect(fresh.statusCode).toBe(429);
    // Identical but for the seconds left, which only depend on the clock between the two requests.
    const withoutWait = (body: unknown) => ({ ...(body as { error: object }).error, retryAfterSeconds: 0 });
    expect(withoutWait(fresh.json())).toEqual(withoutWait(taken.json()));
    expect(JSON.stringify(fresh.json())).toContain(SIGN_UP_LIMITED);
    const again = await browser.graphql(
      `mutation { signUp(email: "ipd@example.com", username: "ipd", password: "${PASSWORD}") { message } }`,
    );
    expect(again.errors?.[0]?.message).toBe(SIGN_UP_LIMITED);
    const signIn = await new TestBrowser(app, t1.id).signIn("ipc@example.com", PASSWORD);
    expect(signIn.statusCode).toBe(401);

    // Another address (an IPv6 client in another /64) and another tenant still sign up.
    const other = new TestBrowser(app, t1.id);
    other.remoteAddress = "2001:db8:1:2::7";
    await other.fetchCsrf();
    expect(
      (await other.post("/authentication/sign-up", { email: "ipe@example.com", username: "ipe", password: PASSWORD }))
        .statusCode,
    ).toBe(200);
    const elsewhere = new TestBrowser(app, t2.id);
    elsewhere.remoteAddress = "203.0.113.9";
    await elsewhere.fetchCsrf();
    expect(
      (
        await elsewhere.post("/authentication/sign-up", {
          email: "ipf@example.com",
          username: "ipf",
          password: PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
  });
});
