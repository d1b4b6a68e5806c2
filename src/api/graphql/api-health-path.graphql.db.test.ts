import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestTenant } from "../../../tests/factories/tenants";
import { testProviders } from "../../../tests/providers";
import { TestBrowser } from "../../../tests/test-browser";
import { loadConfig } from "../../config";
import { HEALTH_PATH_INVALID } from "../../core/health/health-target";
import type { TenantInfo } from "../../core/tenants/tenants.types";
import { buildWebServer } from "../web-server";

const PASSWORD = "harbour-compass-48";
const FIELDS = "id healthPath upstreamUrl";

describeEachDialect("the provider's health path over GraphQL", ({ db }) => {
  let app: FastifyInstance;
  let tenant: TenantInfo;
  let provider: TestBrowser;
  let stranger: TestBrowser;

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
    tenant = await createTestTenant(db());
    app = await buildWebServer({
      config: loadConfig({ LOG_LEVEL: "silent" }),
      db: db(),
      logger: pino({ level: "silent" }),
      providers: testProviders(db()),
    });
    await app.ready();
    provider = await signUp("probe-provider");
    stranger = await signUp("probe-stranger");
  });

  afterAll(async () => {
    await app?.close();
  });

  it("is set by createApi and updateApi, returned to the API's editors, refused when bad and cleared by null", async () => {
    type Api = { id: string; healthPath: string | null; upstreamUrl: string | null };
    const created = await provider.graphql<{ createApi: Api }>(
      `mutation { createApi(input: { name: "Probed", upstreamUrl: "https://api.example.com", healthPath: "/health" }) { ${FIELDS} } }`,
    );
    expect(created.errors).toBeUndefined();
    const id = created.data?.createApi.id ?? "";
    expect(created.data?.createApi.healthPath).toBe("/health");

    const update = (healthPath: string | null, browser = provider) =>
      browser.graphql<{ updateApi: Api }>(
        `mutation($id: ID!, $path: String) { updateApi(apiId: $id, input: { healthPath: $path }) { ${FIELDS} } }`,
        { id, path: healthPath },
      );
    const bad = await update("../x");
    expect(bad.errors?.[0]?.extensions).toMatchObject({
      code: "BAD_REQUEST",
      fields: { healthPath: HEALTH_PATH_INVALID },
    });
    expect((await update("/v2/ping")).data?.updateApi.healthPath).toBe("/v2/ping");
    const read = await provider.graphql<{ editableApi: Api }>(
      `query($id: ID!) { editableApi(apiId: $id) { ${FIELDS} } }`,
      {
        id,
      },
    );
    expect(read.data?.editableApi).toEqual({ id, healthPath: "/v2/ping", upstreamUrl: "https://api.example.com/" });

    const refused = await update("/hijack", stranger);
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await update(null)).data?.updateApi.healthPath).toBeNull();
  });
});
