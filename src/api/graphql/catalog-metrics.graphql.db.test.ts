import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { testProviders } from "../../../tests/providers";
import { TestBrowser } from "../../../tests/test-browser";
import { loadConfig } from "../../config";
import { buildWebServer } from "../web-server";

// The About tab hides metrics when the tenant hides API scores; GraphQL API nodes follow the same switches.
describeEachDialect("API metrics over GraphQL follow the tenant's switches", ({ db }) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portico-metrics-gql-"));
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildWebServer({
      config: loadConfig({ LOG_LEVEL: "silent", PORTICO_DATA_DIR: dataDir }),
      db: db(),
      logger: pino({ level: "silent" }),
      providers: testProviders(db(), {}, { dataDir }),
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function metricsIn(switches: Record<string, boolean>) {
    const tenant = await createTestTenant(db(), { config: { brandName: "Scores", switches } });
    const api = await createTestApi(db(), tenant.id, { popularity: 7.5, health_check: 99.5, latency_ms: 120 });
    const browser = new TestBrowser(app, tenant.id);
    await browser.fetchCsrf();
    const result = await browser.graphql<{ api: { metrics: Record<string, unknown> | null } }>(
      "query($u: String!, $s: String!) { api(username: $u, slug: $s) { metrics { popularity healthCheck latency } } }",
      { u: api.ownerUsername, s: api.slug },
    );
    expect(result.errors).toBeUndefined();
    return result.data?.api.metrics;
  }

  it("shows them by default, leaves health check out when its switch is off, and hides them all with scores", async () => {
    expect(await metricsIn({})).toEqual({ popularity: 7.5, healthCheck: 99.5, latency: 120 });
    expect(await metricsIn({ apiHealthCheck: false })).toEqual({ popularity: 7.5, healthCheck: null, latency: 120 });
    expect(await metricsIn({ hideApiScores: true })).toBeNull();
  });
});
