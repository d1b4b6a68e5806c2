import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, pgSkipped, type TestDatabase } from "../../tests/db-dialects";
import { createTestApi } from "../../tests/factories/apis";
import { createTestTenant } from "../../tests/factories/tenants";
import { createUser } from "../core/accounts/accounts.service";
import { createSession } from "../core/accounts/sessions.service";

/*
 * Scale-out (decision 120): two web instances in two processes over one PostgreSQL database and one Redis. A tenant
 * setting saved on instance A applies on instance B within seconds, although B caches tenants for ten minutes here:
 * only the Redis pub/sub message can have told it.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379/15";
const INSTANCE = path.resolve("tests/scaleout/web-instance.ts");

interface Instance {
  url: string;
  child: ChildProcess;
}

async function startInstance(databaseUrl: string): Promise<Instance> {
  const child = spawn(process.execPath, ["--import", "tsx", INSTANCE], {
    env: { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL, TENANT_CACHE_MS: "600000", NODE_ENV: "test" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout?.setEncoding("utf8");
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.on("data", (chunk: string) => {
      output += chunk;
      const match = /ready (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`instance exited with ${code}: ${output}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

async function graphql(
  instance: Instance,
  tenantId: string,
  query: string,
  variables: Record<string, unknown> = {},
  auth?: { cookie: string; csrf: string },
) {
  const response = await fetch(`${instance.url}/gateway/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-tenant-id": tenantId,
      ...(auth ? { cookie: auth.cookie, "csrf-token": auth.csrf } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: Record<string, unknown>; errors?: Array<{ message: string }> };
}

describe.skipIf(pgSkipped())("tenant settings across two web instances (PostgreSQL + Redis)", () => {
  let database: TestDatabase;
  const instances: Instance[] = [];

  beforeAll(async () => {
    database = await openTestDatabase("postgres");
    instances.push(await startInstance(database.url), await startInstance(database.url));
  });

  afterAll(async () => {
    for (const { child } of instances) {
      child.kill("SIGTERM");
      if (child.exitCode === null) await once(child, "exit");
    }
    await database?.dispose();
  });

  it("a save on one instance is applied by the other within seconds", async () => {
    const [a, b] = instances;
    if (!a || !b) throw new Error("instances not started");
    const db = database.db;
    const tenant = await createTestTenant(db);
    const api = await createTestApi(db, tenant.id, { name: "Scale Out API" });
    const admin = await createUser(db, tenant.id, { username: "scale-admin", admin: true });
    const session = await createSession(db, tenant.id, admin.id);

    const metricsQuery = "query($u: String!, $s: String!) { api(username: $u, slug: $s) { metrics { popularity } } }";
    const vars = { u: api.ownerUsername, s: api.slug };
    const metricsOn = async (instance: Instance) => {
      const answer = await graphql(instance, tenant.id, metricsQuery, vars);
      expect(answer.errors).toBeUndefined();
      return (answer.data?.api as { metrics: unknown } | null)?.metrics ?? null;
    };
    // Both instances have cached the tenant (scores shown).
    expect(await metricsOn(a)).not.toBeNull();
    expect(await metricsOn(b)).not.toBeNull();

    // Instance A: the admin hides API scores through GraphQL.
    const cookie = `portico_session=${session.token}`;
    const csrfResponse = await fetch(`${a.url}/gateway/csrf`, { headers: { "x-tenant-id": tenant.id, cookie } });
    const csrfCookie = (csrfResponse.headers.getSetCookie() ?? []).map((c) => c.split(";")[0]).join("; ");
    const csrf = ((await csrfResponse.json()) as { data: { csrfToken: string } }).data.csrfToken;
    const auth = { cookie: [cookie, csrfCookie].filter(Boolean).join("; "), csrf };
    const config = { ...tenant.config, switches: { ...tenant.config.switches, hideApiScores: true } };
    const saved = await graphql(
      a,
      tenant.id,
      "mutation($c: String!) { saveTenantSettings(config: $c) { version changes } }",
      { c: JSON.stringify(config) },
      auth,
    );
    expect(saved.errors).toBeUndefined();
    expect(saved.data?.saveTenantSettings).toEqual({ version: 2, changes: ["switches.hideApiScores"] });
    expect(await metricsOn(a)).toBeNull();

    // Instance B: within seconds, although its own cache would keep the old configuration for ten minutes.
    const deadline = Date.now() + 10_000;
    let onB = await metricsOn(b);
    while (onB !== null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      onB = await metricsOn(b);
    }
    expect(onB).toBeNull();
  });
});
