import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestCategory } from "../../../tests/factories/categories";
import { createTestCollection } from "../../../tests/factories/collections";
import { createTestTenant } from "../../../tests/factories/tenants";
import { testProviders } from "../../../tests/providers";
import { TestBrowser } from "../../../tests/test-browser";
import { loadConfig } from "../../config";
import {
  upsertCategoryTranslations,
  upsertCollectionTranslations,
} from "../../core/catalog/catalog-translations.queries";
import { buildWebServer } from "../web-server";
import { requestLocale } from "./graphql-server";

// Decision 130: category and collection names over GraphQL come in the request's language, like the pages.
describeEachDialect("catalog names over GraphQL in the request's language", ({ db }) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portico-i18n-gql-"));
  let app: FastifyInstance;
  let tenantId = "";
  let owner = "";

  beforeAll(async () => {
    app = await buildWebServer({
      config: loadConfig({ LOG_LEVEL: "silent", PORTICO_DATA_DIR: dataDir }),
      db: db(),
      logger: pino({ level: "silent" }),
      providers: testProviders(db(), {}, { dataDir }),
    });
    await app.ready();
    tenantId = (await createTestTenant(db())).id;
    const weather = await createTestCategory(db(), tenantId, {
      slug: "weather",
      name: "Weather",
      description: "Forecasts",
    });
    const api = await createTestApi(db(), tenantId, { slug: "rain", name: "Rain", category_id: weather.id });
    owner = api.ownerUsername;
    const top = await createTestCollection(db(), tenantId, { slug: "top", name: "Top", position: 0, apiIds: [api.id] });
    await upsertCategoryTranslations(db(), tenantId, [
      { id: weather.id, locale: "de", name: "Wetter", description: "Vorhersagen" },
      { id: weather.id, locale: "he", name: "מזג אוויר", description: null },
    ]);
    await upsertCollectionTranslations(db(), tenantId, [
      { id: top.id, locale: "de", name: "Spitze", description: null },
    ]);
  });

  afterAll(async () => {
    await app?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function ask(headers: Record<string, string>, languageCookie?: string) {
    const browser = new TestBrowser(app, tenantId);
    const csrf = await browser.fetchCsrf();
    if (languageCookie) browser.cookies.set("portico_lang", languageCookie);
    const response = await browser.request({
      method: "POST",
      url: "/gateway/graphql",
      headers: { "csrf-token": csrf, ...headers },
      payload: {
        query: `query($u: String!) {
          categories { slug name description }
          collections { slug name }
          api(username: $u, slug: "rain") { category { name } }
          searchApis(term: "rain") { facets { categories { value label } } }
        }`,
        variables: { u: owner },
      },
    });
    const body = response.json() as { data: Record<string, unknown>; errors?: unknown };
    expect(body.errors).toBeUndefined();
    return body.data;
  }

  it("answers in the language of Accept-Language or the language cookie, and in en-US otherwise", async () => {
    const de = await ask({ "accept-language": "de-DE,de;q=0.9,en;q=0.5" });
    expect(de.categories).toEqual([{ slug: "weather", name: "Wetter", description: "Vorhersagen" }]);
    expect(de.collections).toEqual([{ slug: "top", name: "Spitze" }]);
    expect(de.api).toEqual({ category: { name: "Wetter" } });
    // The facet's value stays the en-US filter value; its label is translated.
    expect(de.searchApis).toEqual({ facets: { categories: [{ value: "Weather", label: "Wetter" }] } });

    const he = await ask({ "accept-language": "de" }, "he");
    expect(he.categories).toEqual([{ slug: "weather", name: "מזג אוויר", description: "Forecasts" }]);
    expect(he.collections).toEqual([{ slug: "top", name: "Top" }]);

    const en = await ask({});
    expect(en.categories).toEqual([{ slug: "weather", name: "Weather", description: "Forecasts" }]);
  });

  it("picks the cookie, then Accept-Language, then en-US", () => {
    expect(requestLocale("ja", "de")).toBe("ja");
    expect(requestLocale("xx", "pt-BR,pt;q=0.8")).toBe("pt");
    expect(requestLocale("%E0%A4%A", undefined)).toBe("en-US");
    expect(requestLocale(undefined, undefined)).toBe("en-US");
  });
});
