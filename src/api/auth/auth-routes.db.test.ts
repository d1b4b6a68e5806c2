import http from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestTenant } from "../../../tests/factories/tenants";
import { testProviders } from "../../../tests/providers";
import { latestVerificationToken, TestBrowser } from "../../../tests/test-browser";
import { loadConfig } from "../../config";
import { SIGN_IN_FAILED } from "../../core/accounts/accounts.service";
import { VERIFY_LINK_INVALID } from "../../core/accounts/email-verification.service";
import { ONE_TAP_DISABLED, ONE_TAP_INVALID } from "../../core/accounts/one-tap.service";
import { SIGN_UP_CHECK_INBOX } from "../../core/accounts/sign-up.service";
import type { TenantInfo } from "../../core/tenants/tenants.types";
import { buildWebServer } from "../web-server";

const PASSWORD = "meadow-lantern-31";
const CLIENT_ID = "portico-test-client";
const ISSUER = "https://accounts.test.example";

describeEachDialect("auth HTTP routes", ({ db }) => {
  let app: FastifyInstance;
  let jwks: http.Server;
  let t1: TenantInfo;
  let t2: TenantInfo;
  let privateKey: CryptoKey;
  let strangerKey: CryptoKey;

  beforeAll(async () => {
    const pair = await generateKeyPair("RS256");
    privateKey = pair.privateKey;
    strangerKey = (await generateKeyPair("RS256")).privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: "k1", alg: "RS256", use: "sig" };
    jwks = http.createServer((_req, res) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => jwks.listen(0, "127.0.0.1", resolve));
    const port = (jwks.address() as AddressInfo).port;
    t1 = await createTestTenant(db(), {
      config: {
        brandName: "One",
        oneTap: { enabled: true, clientId: CLIENT_ID, jwksUrl: `http://127.0.0.1:${port}/jwks`, issuer: ISSUER },
      },
    });
    t2 = await createTestTenant(db(), { config: { brandName: "Two" } });
    app = await buildWebServer({
      config: loadConfig({ LOG_LEVEL: "silent" }),
      db: db(),
      logger: pino({ level: "silent" }),
      providers: testProviders(db()),
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => jwks?.close(resolve));
  });

  it("sign-up answers 'check your inbox' without a session; the mailed link signs in with a 7-day session", async () => {
    const browser = new TestBrowser(app, t1.id);
    const body = { email: "wendy@example.com", username: "wendy", password: PASSWORD, referral: "/my-saved-apis" };
    expect((await browser.post("/authentication/sign-up", body, false)).statusCode).toBe(419);
    const before = await browser.fetchCsrf();
    const response = await browser.post("/authentication/sign-up", body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { message: SIGN_UP_CHECK_INBOX } });
    expect(response.headers["set-cookie"] ?? "").not.toContain("portico_session");
    expect((await browser.graphql("{ activeUser { id } }")).data).toEqual({ activeUser: null });

    // The link's page posts the token; a bad token is a field error, the real one signs in and rotates CSRF.
    const bad = await browser.post("/authentication/verify-email", { token: "x".repeat(43) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { fields: { token: VERIFY_LINK_INVALID } } });
    const token = await latestVerificationToken(db(), t1.id, "wendy@example.com");
    const confirmed = await browser.post("/authentication/verify-email", { token });
    expect(confirmed.statusCode).toBe(200);
    const json = confirmed.json() as { data: { user: { username: string }; csrfToken: string; redirectTo: string } };
    expect(json.data.user.username).toBe("wendy");
    expect(json.data.redirectTo).toBe("/hub");
    const setCookie = String(confirmed.headers["set-cookie"]);
    expect(setCookie).toMatch(/portico_session=[A-Za-z0-9_-]{43}; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax/);
    expect(json.data.csrfToken).not.toBe(before);

    // The pre-sign-in token no longer passes; the rotated one does.
    browser.csrfToken = before;
    expect((await browser.graphql("mutation { signOut }")).status).toBe(419);
    browser.csrfToken = json.data.csrfToken;
    const me = await browser.graphql<{
      activeUser: { username: string; permissions: string[]; emailVerified: boolean };
    }>("{ activeUser { username permissions emailVerified } }");
    expect(me.data?.activeUser).toMatchObject({ username: "wendy", emailVerified: true });
    expect(me.data?.activeUser.permissions).toContain("PERSONAL_CONTEXT");
    // Used once.
    expect((await browser.post("/authentication/verify-email", { token })).statusCode).toBe(400);

    // A form post (no JavaScript) lands on the sign-up page's "check your inbox" state, for a taken address too.
    const form = await browser.request({
      method: "POST",
      url: "/authentication/sign-up",
      payload: new URLSearchParams({ ...body, username: "wendy-two", csrfToken: browser.csrfToken }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe("/auth/sign-up?sent=1");
  });

  it("answers bad sign-up input with field messages", async () => {
    const browser = new TestBrowser(app, t1.id);
    await browser.fetchCsrf();
    const response = await browser.post("/authentication/sign-up", {
      email: "nope",
      username: "wendy",
      password: "12345678",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: "BAD_REQUEST", fields: { email: "Enter a valid e-mail address", password: expect.any(String) } },
    });
  });

  it("rotates the session on sign-in and ends it on logout (redirect to /hub)", async () => {
    const browser = new TestBrowser(app, t1.id);
    expect((await browser.signIn("wendy@example.com", PASSWORD)).statusCode).toBe(200);
    const first = browser.cookies.get("portico_session");
    expect((await browser.signIn("wendy@example.com", PASSWORD)).statusCode).toBe(200);
    const second = browser.cookies.get("portico_session");
    expect(second).not.toBe(first);
    // The replaced session is gone server-side.
    const stale = new TestBrowser(app, t1.id);
    stale.cookies.set("portico_session", first ?? "");
    expect((await stale.graphql("{ activeUser { id } }")).data).toEqual({ activeUser: null });
    // Spec section 8: the CSRF call with a session cookie that opens no session answers 419 (the client logs out);
    // without a session cookie, or with a live one, it answers a token.
    const csrfStale = await stale.request({ method: "GET", url: "/gateway/csrf" });
    expect(csrfStale.statusCode).toBe(419);
    expect(csrfStale.headers["cache-control"]).toBe("no-store");
    expect((await browser.request({ method: "GET", url: "/gateway/csrf" })).statusCode).toBe(200);
    expect((await new TestBrowser(app, t1.id).request({ method: "GET", url: "/gateway/csrf" })).statusCode).toBe(200);

    const logout = await browser.request({ method: "GET", url: "/authentication/logout" });
    expect(logout.statusCode).toBe(302);
    expect(logout.headers.location).toBe("/hub");
    const replay = new TestBrowser(app, t1.id);
    replay.cookies.set("portico_session", second ?? "");
    expect((await replay.graphql("{ activeUser { id } }")).data).toEqual({ activeUser: null });
  });

  it("form posts redirect to a safe referral, or back to /auth with the error code", async () => {
    const browser = new TestBrowser(app, t1.id);
    const csrf = await browser.fetchCsrf();
    const form = (fields: Record<string, string>) =>
      browser.request({
        method: "POST",
        url: "/authentication/sign-in",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams(fields).toString(),
      });
    const wrong = await form({
      email: "wendy@example.com",
      password: "not-it-at-all",
      csrfToken: csrf,
      referral: "/org",
    });
    expect(wrong.statusCode).toBe(303);
    expect(wrong.headers.location).toBe("/auth?error=UNAUTHENTICATED&referral=%2Forg");
    const ok = await form({
      email: "wendy@example.com",
      password: PASSWORD,
      csrfToken: csrf,
      referral: "//evil.example/x",
    });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe("/hub");
    expect(browser.cookies.get("portico_session")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("redirects a form sign-in to a non-Latin-1 referral percent-encoded (it was a 500 after the session opened)", async () => {
    const signUp = new TestBrowser(app, t1.id);
    await signUp.fetchCsrf();
    const account = { email: "yuki@example.com", username: "yuki", password: PASSWORD };
    expect((await signUp.post("/authentication/sign-up", account)).statusCode).toBe(200);
    const browser = new TestBrowser(app, t1.id);
    const csrf = await browser.fetchCsrf();
    const ok = await browser.request({
      method: "POST",
      url: "/authentication/sign-in",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        email: "yuki@example.com",
        password: PASSWORD,
        csrfToken: csrf,
        referral: "/ja/search/検索?sort=新着",
      }).toString(),
    });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe("/ja/search/%E6%A4%9C%E7%B4%A2?sort=%E6%96%B0%E7%9D%80");
    expect(browser.cookies.get("portico_session")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("gives the same answer for an unknown e-mail as for a wrong password", async () => {
    const browser = new TestBrowser(app, t1.id);
    await browser.fetchCsrf();
    const unknown = await browser.post("/authentication/sign-in", { email: "zed@example.com", password: PASSWORD });
    const wrong = await browser.post("/authentication/sign-in", {
      email: "wendy@example.com",
      password: "other-pass-9",
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect((unknown.json() as { error: { message: string } }).error.message).toBe(SIGN_IN_FAILED);
  });

  it("refuses a session of another tenant for writes and treats it as signed out for reads", async () => {
    const browser = new TestBrowser(app, t1.id);
    await browser.signIn("wendy@example.com", PASSWORD);
    browser.tenantId = t2.id;
    const write = await browser.graphql("{ activeUser { id } }");
    expect(write.status).toBe(403);
    // The CSRF call with another tenant's session is a 419: the client logs out and goes to the hub (spec 8).
    const read = await browser.request({ method: "GET", url: "/gateway/csrf" });
    expect(read.statusCode).toBe(419);
    expect((await browser.request({ method: "GET", url: "/hub" })).statusCode).not.toBe(403);
    // Sign-in on the other tenant still reaches the route (not 403); wendy simply has no account there.
    expect((await browser.signIn("wendy@example.com", PASSWORD)).statusCode).toBe(401);
  });

  it("POST /access-control answers the access tree for the session's context", async () => {
    const anonymous = new TestBrowser(app, t1.id);
    expect((await anonymous.post("/access-control", { method: "getAccessTree" })).statusCode).toBe(401);
    const browser = new TestBrowser(app, t1.id);
    await browser.signIn("wendy@example.com", PASSWORD);
    const ctx = await browser.graphql<{ getActiveUserContext: { contextToken: string; context: { type: string } } }>(
      "{ getActiveUserContext { contextToken context { type } } }",
    );
    expect(ctx.data?.getActiveUserContext.context.type).toBe("User");
    const tree = await browser.post("/access-control", {
      method: "getAccessTree",
      contextToken: ctx.data?.getActiveUserContext.contextToken,
    });
    expect(tree.statusCode).toBe(200);
    expect(tree.json()).toMatchObject({
      context: { type: "User" },
      permissions: ["PERSONAL_CONTEXT", "ACCESS_PROVIDER_DASHBOARD_IN_PERSONAL_CONTEXT", "CREATE_ORGANIZATION"],
      menu: { myOrgs: true, myApis: true, admin: false, createOrganization: true },
    });
    expect((await browser.post("/access-control", { method: "dropTables" })).statusCode).toBe(400);
  });

  it("one-tap verifies signature, audience, issuer and expiry against the tenant's JWKS", async () => {
    const token = (claims: Record<string, unknown>, key = privateKey, expires = "5m") =>
      new SignJWT({ email: "tap@example.com", email_verified: true, name: "Tap User", ...claims })
        .setProtectedHeader({ alg: "RS256", kid: "k1" })
        .setIssuer(typeof claims.iss === "string" ? claims.iss : ISSUER)
        .setAudience(typeof claims.aud === "string" ? claims.aud : CLIENT_ID)
        .setSubject("google-sub-1")
        .setIssuedAt()
        .setExpirationTime(expires)
        .sign(key);
    const browser = new TestBrowser(app, t1.id);
    await browser.fetchCsrf();
    const path = "/authentication/google/oneTapLogin";
    expect((await browser.post(path, { token: await token({}), brand: "one" }, false)).statusCode).toBe(419);
    for (const bad of [
      await token({ aud: "someone-else" }),
      await token({ iss: "https://evil.example" }),
      await token({}, strangerKey),
      await token({}, privateKey, "-1m"),
      await token({ email_verified: false }),
      "not-a-jwt",
    ]) {
      const response = await browser.post(path, { token: bad, brand: "one" });
      expect(response.statusCode).toBe(401);
      expect((response.json() as { error: { message: string } }).error.message).toBe(ONE_TAP_INVALID);
    }
    const first = await browser.post(path, { token: await token({}), brand: "one" });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ isNewUser: true });
    browser.csrfToken = (first.json() as { csrfToken: string }).csrfToken;
    const me = await browser.graphql<{ activeUser: { username: string; email: string } }>(
      "{ activeUser { username email } }",
    );
    expect(me.data?.activeUser).toEqual({ username: "tap", email: "tap@example.com" });
    const again = await browser.post(path, { token: await token({}), brand: "one" });
    expect(again.json()).toMatchObject({ isNewUser: false });

    const other = new TestBrowser(app, t2.id);
    await other.fetchCsrf();
    const disabled = await other.post(path, { token: await token({}), brand: "two" });
    expect(disabled.statusCode).toBe(403);
    expect((disabled.json() as { error: { message: string } }).error.message).toBe(ONE_TAP_DISABLED);
  });

  it("password reset over HTTP answers the same for any e-mail", async () => {
    const browser = new TestBrowser(app, t1.id);
    await browser.fetchCsrf();
    const a = await browser.post("/authentication/password-reset", { email: "wendy@example.com" });
    const b = await browser.post("/authentication/password-reset", { email: "nobody-here@example.com" });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
  });

  it("GraphQL signUp/verifyEmail/signIn/signOut manage the same cookie session (API use without the browser)", async () => {
    const client = new TestBrowser(app, t1.id);
    await client.fetchCsrf();
    const up = await client.graphql<{ signUp: { message: string } }>(
      'mutation { signUp(email: "api@example.com", username: "api-user", password: "api-client-secret-5") { message } }',
    );
    expect(up.data?.signUp.message).toBe(SIGN_UP_CHECK_INBOX);
    expect(client.cookies.has("portico_session")).toBe(false);
    const token = await latestVerificationToken(db(), t1.id, "api@example.com");
    const verified = await client.graphql<{ verifyEmail: { csrfToken: string; user: { username: string } } }>(
      "mutation($t: String!) { verifyEmail(token: $t) { csrfToken user { username emailVerified } } }",
      { t: token },
    );
    expect(verified.data?.verifyEmail.user).toEqual({ username: "api-user", emailVerified: true });
    expect(client.cookies.get("portico_session")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    client.csrfToken = verified.data?.verifyEmail.csrfToken ?? "";
    expect((await client.graphql("{ activeUser { username } }")).data).toEqual({
      activeUser: { username: "api-user" },
    });
    const taken = await client.graphql(
      'mutation { signUp(email: "x@example.com", username: "API-USER", password: "api-client-secret-5") { message } }',
    );
    expect(taken.errors?.[0]?.extensions).toMatchObject({
      code: "CONFLICT",
      fields: { username: "This username is already taken" },
    });
    expect((await client.graphql("mutation { signOut }")).data).toEqual({ signOut: true });
    expect(client.cookies.has("portico_session")).toBe(false);
    await client.fetchCsrf();
    const back = await client.graphql<{ signIn: { csrfToken: string } }>(
      'mutation { signIn(email: "api@example.com", password: "api-client-secret-5") { csrfToken } }',
    );
    expect(back.data?.signIn.csrfToken).toBeTruthy();
    client.csrfToken = back.data?.signIn.csrfToken ?? "";
    expect((await client.graphql("{ activeUser { username } }")).data).toEqual({
      activeUser: { username: "api-user" },
    });
  });
});
