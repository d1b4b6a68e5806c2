import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, pgSkipped, type TestDatabase } from "../../../tests/db-dialects";
import { createTestApi, type TestEndpoint } from "../../../tests/factories/apis";
import { createTestCategory } from "../../../tests/factories/categories";
import { createTestTenant } from "../../../tests/factories/tenants";
import { createTestUser } from "../../../tests/factories/users";
import type { Db } from "../../db/connection";
import { searchBackendFor } from "../../infra/search/search-backends";
import { searchApis, searchResources } from "./search.service";
import type { SearchApisInput } from "./search.types";
import { rebuildSearchIndex } from "./search-index";

/*
 * Decision 010: "both engines return the same results in the same order for the same data". The same deterministic
 * catalog (fixed ids, many popularity ties) is loaded into SQLite (FTS5) and PostgreSQL (full text); every term below
 * is asked in several shapes (page, dropdown, deeper page, filters, every sort, private APIs) on both, on both the
 * one-pass and the tiered path, and the answers must be identical. search.db.test.ts checks literal orders on a
 * small catalog; this file checks agreement on a larger, noisier one, including hostile input.
 */

const TENANT = "eng-cmp";
const API_COUNT = 260;

/** mulberry32: a tiny seeded generator, so both databases get the same "random" catalog on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  "weather",
  "forecast",
  "climate",
  "translate",
  "translation",
  "language",
  "payments",
  "payment",
  "charges",
  "refunds",
  "maps",
  "geocoding",
  "routing",
  "email",
  "sms",
  "messaging",
  "data",
  "open",
  "government",
  "stocks",
  "crypto",
  "exchange",
  "currency",
  "music",
  "movies",
  "books",
  "sports",
  "football",
  "images",
  "photos",
  "video",
  "speech",
  "text",
  "search",
  "news",
  "health",
  "transport",
  "trains",
  "flights",
  "hotels",
  "jobs",
  "calendar",
  "holidays",
  "qr",
  "code",
  "barcode",
  "validation",
  "security",
  "identity",
  "oauth",
];
const BRANDS = ["Open", "Deep", "Sky", "Pay", "Geo", "Lingo", "Data", "Quick", "Mega", "Nimbus", "Metro", "Vox"];
const CATEGORIES = ["Weather", "Translation", "Finance", "Mapping", "Communication", "Data"];
const PRICING = ["FREE", "FREEMIUM", "PAID"] as const;
const AUTH = ["apiKey", "OAuth", null] as const;
const METHODS = ["GET", "POST", "PUT", "DELETE"];

interface Seeded {
  privateIds: string[];
}

async function loadCatalog(db: Db): Promise<Seeded> {
  const rand = prng(20251125);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
  await createTestTenant(db, { id: TENANT });
  const owner = await createTestUser(db, TENANT, { id: "usr_eng_owner", username: "eng-owner" });
  const categoryIds: string[] = [];
  for (const [i, name] of CATEGORIES.entries()) {
    const c = await createTestCategory(db, TENANT, { id: `cat_eng_${i}`, name, slug: name.toLowerCase() });
    categoryIds.push(c.id);
  }
  const privateIds: string[] = [];
  for (let i = 0; i < API_COUNT; i++) {
    const id = `api_eng_${String(i).padStart(4, "0")}`;
    const headWords = [pick(WORDS), ...(rand() < 0.5 ? [pick(WORDS)] : [])];
    const name =
      rand() < 0.5
        ? `${pick(BRANDS)}${headWords[0]?.replace(/^./, (c) => c.toUpperCase())} ${i}`
        : `${headWords.map((w) => w.replace(/^./, (c) => c.toUpperCase())).join(" ")} API ${i}`;
    const description = Array.from({ length: 4 + Math.floor(rand() * 6) }, () => pick(WORDS)).join(" ");
    const endpoints: TestEndpoint[] | undefined =
      rand() < 0.4
        ? Array.from({ length: 1 + Math.floor(rand() * 4) }, (_, position) => {
            const resource = pick(WORDS);
            return {
              method: pick(METHODS),
              path: `/v${1 + (position % 2)}/${resource}/${pick(WORDS)}`,
              summary: `${pick(["List", "Get", "Create", "Delete"])} ${resource} ${pick(WORDS)}`,
              operationId: rand() < 0.5 ? `get${resource.replace(/^./, (c) => c.toUpperCase())}` : null,
            };
          })
        : undefined;
    const visibility = rand() < 0.05 ? "PRIVATE" : "PUBLIC";
    if (visibility === "PRIVATE" && privateIds.length < 4) privateIds.push(id);
    await createTestApi(db, TENANT, {
      id,
      slug: `eng-${i}`,
      owner_id: owner.id,
      name,
      provider_name: rand() < 0.3 ? `${pick(BRANDS)} Labs` : null,
      short_description: description,
      category_id: rand() < 0.9 ? pick(categoryIds) : null,
      pricing_type: pick(PRICING),
      auth_type: pick(AUTH),
      visibility,
      // One decimal: many ties, so the id tie-break is exercised.
      popularity: Math.round(rand() * 100) / 10,
      rating_avg: Math.round(rand() * 50) / 10,
      latency_ms: rand() < 0.2 ? null : Math.floor(rand() * 20) * 25,
      updated_at: Date.UTC(2025, 0, 1) + Math.floor(rand() * 30) * 86_400_000,
      created_at: Date.UTC(2024, 0, 1),
      endpoints,
    });
  }
  await rebuildSearchIndex(db, TENANT, searchBackendFor(db));
  return { privateIds };
}

const TERMS = [
  // typeahead prefixes
  "w",
  "we",
  "wea",
  "weat",
  "weath",
  "tra",
  "transl",
  "pay",
  "ge",
  "o",
  "da",
  "qr c",
  // one typo
  "wether",
  "weahter",
  "transalte",
  "forcast",
  "paymnets",
  "gecoding",
  "mesaging",
  "clmate",
  "hotles",
  // multi-word
  "weather forecast",
  "translate text",
  "open data government",
  "sms email messaging",
  "deep lingo translation",
  "qr code",
  "maps routing geocoding hotels",
  // operators and syntax of both engines
  "weather AND forecast",
  "weather OR maps",
  "NOT weather",
  "-weather",
  "weather*",
  "*",
  "NEAR(weather forecast, 2)",
  "{name}: weather",
  "name:weather",
  "weather & forecast | !maps",
  "a:* <-> b",
  "^weather",
  "weather)",
  "(weather",
  // quotes
  '"weather forecast"',
  "'weather'",
  '"',
  "'",
  '"weather\' "forecast',
  // SQL and LIKE specials
  "'; drop table apis; --",
  "weather' or '1'='1",
  "%",
  "_",
  "100%",
  "\\",
  "//weather//",
  // unicode and emoji
  "🌦️ weather",
  "🙂",
  "météo",
  "Wéather",
  "天气",
  "Ñandú translate",
  "\u0000weather\u0007",
  "\uD800weather",
  // identifiers, paths, numbers
  "getWeather",
  "GetForecast",
  "/v1/charges",
  "v2",
  "1",
  "API 12",
  "labs",
  // misses
  "zzzzqx",
  "xeat",
  // long input
  "x".repeat(10_240),
  "weather ".repeat(1_300),
  `${"forecast ".repeat(30)}translate`,
  "",
];

type Variant = Omit<SearchApisInput, "term">;

function variants(privateIds: readonly string[]): Variant[] {
  return [
    { offset: 0, limit: 20 },
    { offset: 0, limit: 6, facets: false },
    { offset: 5, limit: 7 },
    { offset: 0, limit: 20, pricingTypes: ["FREEMIUM", "PAID"], authTypes: ["apiKey"] },
    { offset: 0, limit: 10, categoryNames: ["Weather", "data"], facets: false },
    { offset: 0, limit: 10, sort: [{ field: "NAME", direction: "ASC" }] },
    { offset: 3, limit: 10, sort: [{ field: "POPULARITY", direction: "DESC" }] },
    { offset: 0, limit: 10, sort: [{ field: "RATING", direction: "DESC" }] },
    { offset: 0, limit: 10, sort: [{ field: "LATENCY", direction: "ASC" }] },
    { offset: 0, limit: 10, sort: [{ field: "UPDATED", direction: "DESC" }] },
    { offset: 0, limit: 20, privateApiIds: privateIds },
    { offset: 0, limit: 6, facets: false, privateApiIds: privateIds },
  ];
}

/** Everything a caller sees, minus what is random per database or per call (query id, endpoint row ids). */
async function apisAnswer(db: Db, input: SearchApisInput, tiered: boolean) {
  const result = await searchApis(
    db,
    TENANT,
    input,
    searchBackendFor(db),
    tiered ? { onePassMaxMatches: 0 } : { onePassMaxMatches: 1_000 },
  );
  const { queryId: _queryId, items, ...rest } = result;
  return {
    ...rest,
    items: items.map(({ matchedEndpoint, ...card }) => ({
      ...card,
      matchedEndpoint: matchedEndpoint && { ...matchedEndpoint, id: "" },
    })),
  };
}

async function resourcesAnswer(db: Db, term: string) {
  const result = await searchResources(db, TENANT, { term, offset: 0, limit: 10 }, searchBackendFor(db));
  return {
    total: result.total,
    items: result.items.map((r) => `${r.method} ${r.path} ${r.summary ?? ""} ${r.api.slug}`),
  };
}

const declare = pgSkipped() ? describe.skip : describe;

declare("search engines agree (SQLite FTS5 and PostgreSQL, same data)", () => {
  let sqlite: TestDatabase | undefined;
  let postgres: TestDatabase | undefined;
  let seeded: Seeded = { privateIds: [] };

  beforeAll(async () => {
    [sqlite, postgres] = await Promise.all([openTestDatabase("sqlite"), openTestDatabase("postgres")]);
    const [a, b] = await Promise.all([loadCatalog(sqlite.db), loadCatalog(postgres.db)]);
    expect(b.privateIds).toEqual(a.privateIds);
    seeded = a;
  }, 120_000);

  afterAll(async () => {
    await Promise.all([sqlite?.dispose(), postgres?.dispose()]);
  });

  const dbs = () => {
    if (!sqlite || !postgres) throw new Error("test databases are not open");
    return { lite: sqlite.db, pg: postgres.db };
  };

  it("has a catalog with private APIs to find", () => {
    expect(seeded.privateIds.length).toBeGreaterThan(0);
  });

  it("returns the same APIs, totals and facets in the same order for every term and shape", async () => {
    const { lite, pg } = dbs();
    let hits = 0;
    for (const term of TERMS) {
      for (const variant of variants(seeded.privateIds)) {
        const input: SearchApisInput = { term, ...variant };
        const onLite = await apisAnswer(lite, input, false);
        const onPg = await apisAnswer(pg, input, false);
        // The label names the failing case: term (cut) and shape.
        const label = `${JSON.stringify(term.slice(0, 40))} ${JSON.stringify(variant)}`;
        expect([label, onPg]).toEqual([label, onLite]);
        hits += onLite.items.length;
      }
    }
    // Not an agreement on empty answers: most shapes find something.
    expect(hits).toBeGreaterThan(TERMS.length * 20);
  }, 240_000);

  it("gives the same answers on the tiered path (as a 100,000-API tenant would) on both engines", async () => {
    const { lite, pg } = dbs();
    for (const term of TERMS) {
      for (const variant of variants(seeded.privateIds).slice(0, 4)) {
        const input: SearchApisInput = { term, ...variant };
        const onePass = await apisAnswer(lite, input, false);
        const label = `${JSON.stringify(term.slice(0, 40))} ${JSON.stringify(variant)}`;
        expect([label, await apisAnswer(lite, input, true)]).toEqual([label, onePass]);
        expect([label, await apisAnswer(pg, input, true)]).toEqual([label, onePass]);
      }
    }
  }, 240_000);

  it("returns the same resources (endpoints) on both engines", async () => {
    const { lite, pg } = dbs();
    for (const term of TERMS) {
      expect([term.slice(0, 40), await resourcesAnswer(pg, term)]).toEqual([
        term.slice(0, 40),
        await resourcesAnswer(lite, term),
      ]);
    }
  }, 120_000);

  it("finds weather for 'wether' and 'weat' and translation for 'transalte' on both engines", async () => {
    const { lite, pg } = dbs();
    for (const db of [lite, pg]) {
      for (const [term, word] of [
        ["wether", "weather"],
        ["weat", "weather"],
        ["transalte", "translat"],
      ] as const) {
        const result = await searchApis(db, TENANT, { term, offset: 0, limit: 50 }, searchBackendFor(db));
        expect(result.total).toBeGreaterThan(3);
        for (const item of result.items) {
          const text =
            `${item.name} ${item.shortDescription} ${item.categoryName ?? ""} ${item.matchedEndpoint?.path ?? ""} ${
              item.matchedEndpoint?.summary ?? ""
            }`.toLowerCase();
          expect([term, text.includes(word)]).toEqual([term, true]);
        }
      }
    }
  });
});
