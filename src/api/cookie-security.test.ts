import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestTenant } from "../../tests/factories/tenants";
import { testProviders } from "../../tests/providers";
import { loadConfig } from "../config";
import { type Db, openDatabase } from "../db/connection";
import { migrateToLatest } from "../db/migrate";
import { buildWebServer } from "./web-server";

/*
 * Cookies get Secure whenever the browser is on https: the request came over https through a proxy trusted with
 * TRUST_PROXY, or PUBLIC_URL is https. X-Forwarded-* from anyone else changes nothing.
 */

let db: Db;
const apps: FastifyInstance[] = [];
const PASSWORD = "meadow-lantern-31";

async function server(env: Record<string, string>): Promise<FastifyInstance> {
  const app = await buildWebServer({
    config: loadConfig({ LOG_LEVEL: "silent", ...env }),
    db,
    logger: pino({ level: "silent" }),
    providers: testProviders(db),
  });
  app.get("/test/client", async (request) => ({ ip: request.ip, protocol: request.protocol }));
  await app.ready();
  apps.push(app);
  return app;
}

function cookies(response: { headers: Record<string, unknown> }): string[] {
  const raw = response.headers["set-cookie"];
  return raw === undefined ? [] : Array.isArray(raw) ? raw.map(String) : [String(raw)];
}

const FORWARDED = { "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.7" };

/** Every cookie a visitor gets on the way to signing up: tenant, CSRF (twice, rotated) and session. */
async function signUpCookies(app: FastifyInstance, headers: Record<string, string>, username: string) {
  const csrf = await app.inject({ url: "/gateway/csrf", headers: { ...headers, "x-tenant-id": "1" } });
  const secret = /portico_csrf=([^;]+)/.exec(cookies(csrf).join("\n"))?.[1] ?? "";
  const token = (csrf.json() as { data: { csrfToken: string } }).data.csrfToken;
  const signUp = await app.inject({
    method: "POST",
    url: "/authentication/sign-up",
    headers: { ...headers, "x-tenant-id": "1", "csrf-token": token, cookie: `portico_csrf=${secret}` },
    payload: { email: `${username}@example.com`, username, password: PASSWORD },
  });
  expect(signUp.statusCode).toBe(200);
  // Sign-up opens no session (it asks to confirm the address, decision 022); signing in does, confirmed or not.
  const signIn = await app.inject({
    method: "POST",
    url: "/authentication/sign-in",
    headers: { ...headers, "x-tenant-id": "1", "csrf-token": token, cookie: `portico_csrf=${secret}` },
    payload: { email: `${username}@example.com`, password: PASSWORD },
  });
  expect(signIn.statusCode).toBe(200);
  return [...cookies(csrf), ...cookies(signUp), ...cookies(signIn)];
}

beforeAll(async () => {
  db = openDatabase({ databaseUrl: "sqlite::memory:", dataDir: "/tmp" });
  await migrateToLatest(db);
  await createTestTenant(db, { id: "1", config: { brandName: "Portico" } });
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await db.close();
});

describe("cookies behind a TLS-terminating proxy", () => {
  it("ignores X-Forwarded-* by default: no Secure from a claim, and the socket's address", async () => {
    const app = await server({});
    const client = await app.inject({ url: "/test/client", headers: FORWARDED });
    expect(client.json()).toEqual({ ip: "127.0.0.1", protocol: "http" });
    const all = await signUpCookies(app, FORWARDED, "plainuser");
    expect(all.length).toBeGreaterThanOrEqual(3);
    for (const line of all) expect(line).not.toMatch(/;\s*Secure/i);
  });

  it("marks every cookie Secure for https through a trusted proxy, and takes the client's address from it", async () => {
    const app = await server({ TRUST_PROXY: "loopback" });
    const client = await app.inject({ url: "/test/client", headers: FORWARDED });
    expect(client.json()).toEqual({ ip: "203.0.113.7", protocol: "https" });
    const all = await signUpCookies(app, FORWARDED, "proxieduser");
    expect(all.some((line) => line.startsWith("portico_session="))).toBe(true);
    expect(all.some((line) => line.startsWith("portico_tenant="))).toBe(true);
    for (const line of all) expect(line).toMatch(/;\s*Secure/i);
  });

  it("does not trust a proxy outside the configured list", async () => {
    const app = await server({ TRUST_PROXY: "10.0.0.0/8" });
    const client = await app.inject({ url: "/test/client", headers: FORWARDED });
    expect(client.json()).toEqual({ ip: "127.0.0.1", protocol: "http" });
  });

  it("marks every cookie Secure when PUBLIC_URL is https, even when the proxy is not declared", async () => {
    const app = await server({ PUBLIC_URL: "https://portico.example" });
    const all = await signUpCookies(app, {}, "publicuser");
    expect(all.some((line) => line.startsWith("portico_session="))).toBe(true);
    for (const line of all) expect(line).toMatch(/;\s*Secure/i);
  });
});
