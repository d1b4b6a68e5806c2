import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { testProviders } from "../../../tests/providers";
import { TestBrowser } from "../../../tests/test-browser";
import { loadConfig } from "../../config";
import { inviteToApi } from "../../core/access/private-apis.service";
import { getViewer } from "../../core/accounts/accounts.service";
import type { TenantInfo } from "../../core/tenants/tenants.types";
import { buildWebServer } from "../web-server";

const PASSWORD = "lantern-orchard-73";
const API_QUERY = "query($u: String!, $s: String!) { api(username: $u, slug: $s) { id visibility } }";

// Spec section 6: private APIs are visible to invited users; everyone else gets the same "not found" as for an API
// that does not exist. The catalog queries must apply that rule like the pages do.
describeEachDialect("catalog GraphQL queries and private APIs", ({ db }) => {
  let app: FastifyInstance;
  let tenant: TenantInfo;
  let owner: TestBrowser;
  let invited: TestBrowser;
  let stranger: TestBrowser;
  let ownerUsername = "";
  let privateApi = { id: "", slug: "" };

  async function signUp(username: string): Promise<{ browser: TestBrowser; userId: string }> {
    const browser = new TestBrowser(app, tenant.id);
    const res = await browser.signUpAndConfirm(db(), {
      email: `${username}@example.com`,
      username,
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const row = await db()
      .kysely.selectFrom("users")
      .select("id")
      .where("tenant_id", "=", tenant.id)
      .where("username", "=", username)
      .executeTakeFirstOrThrow();
    return { browser, userId: row.id };
  }

  beforeAll(async () => {
    tenant = await createTestTenant(db(), { config: { brandName: "Private catalog" } });
    app = await buildWebServer({
      config: loadConfig({ LOG_LEVEL: "silent" }),
      db: db(),
      logger: pino({ level: "silent" }),
      providers: testProviders(db()),
    });
    await app.ready();
    const o = await signUp("owner-olga");
    owner = o.browser;
    ownerUsername = "owner-olga";
    invited = (await signUp("invited-ivan")).browser;
    stranger = (await signUp("stranger-sam")).browser;
    const api = await createTestApi(db(), tenant.id, { owner_id: o.userId, visibility: "PRIVATE", name: "Vault" });
    privateApi = { id: api.id, slug: api.slug };
    const ownerViewer = await getViewer(db(), tenant.id, o.userId);
    await inviteToApi(
      { db: db(), tenantId: tenant.id, viewer: ownerViewer },
      { apiId: api.id, principalType: "USER", username: "invited-ivan" },
    );
  });

  afterAll(async () => {
    await app?.close();
  });

  async function apiAs(browser: TestBrowser) {
    const result = await browser.graphql<{ api: { id: string; visibility: string } | null }>(API_QUERY, {
      u: ownerUsername,
      s: privateApi.slug,
    });
    return result.data?.api ?? null;
  }

  async function apisTotalAs(browser: TestBrowser) {
    const result = await browser.graphql<{ apis: { total: number; nodes: Array<{ id: string }> } }>(
      "{ apis(first: 50) { total nodes { id } } }",
    );
    return result.data?.apis.nodes.some((n) => n.id === privateApi.id) ?? false;
  }

  it("resolves a private API for its owner and an invited user", async () => {
    expect(await apiAs(owner)).toEqual({ id: privateApi.id, visibility: "PRIVATE" });
    expect(await apiAs(invited)).toEqual({ id: privateApi.id, visibility: "PRIVATE" });
    expect(await apisTotalAs(invited)).toBe(true);
  });

  it("answers null, as for an unknown API, to signed-in strangers and anonymous visitors", async () => {
    expect(await apiAs(stranger)).toBeNull();
    expect(await apisTotalAs(stranger)).toBe(false);
    const anonymous = new TestBrowser(app, tenant.id);
    await anonymous.fetchCsrf();
    expect(await apiAs(anonymous)).toBeNull();
    expect(await apisTotalAs(anonymous)).toBe(false);
  });
});
