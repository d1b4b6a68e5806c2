/**
 * Data for bench:search, drawn from the real demo catalog (2,257 APIs of tenant 1 after seedDemoCatalog):
 * - a synthetic catalog of any size whose names, descriptions, categories, popularity and endpoints follow the real
 *   catalog's distributions: words are sampled by their real frequency (a Zipf-like long tail: "api" and "data" are
 *   everywhere, most words are rare), plus coined brand words so the vocabulary keeps growing with the catalog as a
 *   real one does (a 100,000-API catalog does not reuse the same 200 nouns);
 * - 200 realistic terms: typeahead prefixes of real API names, one-typo words, multi-word phrases from real
 *   descriptions, exact words, and a few misses and hostile inputs.
 * Everything is deterministic for a given demo catalog (fixed PRNG seeds, corpus sorted by content).
 */
import type { Db } from "../src/db/connection";

export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(rand: () => number, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)] as T;
}

interface CorpusEndpoint {
  method: string;
  path: string;
  summary: string | null;
  operation_id: string | null;
}

interface CorpusApi {
  name: string;
  provider: string | null;
  description: string;
  category: string | null;
  popularity: number;
  rating: number;
  latency: number | null;
  pricing: "FREE" | "FREEMIUM" | "PAID";
  auth: string | null;
  endpoints: CorpusEndpoint[];
}

export interface Corpus {
  apis: CorpusApi[];
  categories: string[];
  /** Every word occurrence (so a uniform pick is a pick by real frequency). */
  nameWords: string[];
  descriptionWords: string[];
}

const WORD = /[A-Za-z][A-Za-z0-9]*/g;

function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Reads the real catalog of `tenantId` (a database where seedDemoCatalog ran). */
export async function loadCorpus(db: Db, tenantId: string): Promise<Corpus> {
  const rows = await db.kysely
    .selectFrom("apis as a")
    .leftJoin("categories as c", "c.id", "a.category_id")
    .select([
      "a.id",
      "a.name",
      "a.provider_name",
      "a.short_description",
      "c.name as category",
      "a.popularity",
      "a.rating_avg",
      "a.latency_ms",
      "a.pricing_type",
      "a.auth_type",
      "a.current_version_id",
    ])
    .where("a.tenant_id", "=", tenantId)
    .execute();
  const endpoints = await db.kysely
    .selectFrom("api_endpoints")
    .select(["version_id", "method", "path", "summary", "operation_id", "position"])
    .where("tenant_id", "=", tenantId)
    .orderBy("version_id")
    .orderBy("position")
    .execute();
  const byVersion = new Map<string, CorpusEndpoint[]>();
  for (const e of endpoints) {
    const list = byVersion.get(e.version_id) ?? [];
    list.push({ method: e.method, path: e.path, summary: e.summary, operation_id: e.operation_id });
    byVersion.set(e.version_id, list);
  }
  const apis: CorpusApi[] = rows
    .map((r) => ({
      name: r.name,
      provider: r.provider_name,
      description: r.short_description ?? "",
      category: r.category,
      popularity: Number(r.popularity),
      rating: Number(r.rating_avg),
      latency: r.latency_ms === null ? null : Number(r.latency_ms),
      pricing: r.pricing_type,
      auth: r.auth_type,
      endpoints: r.current_version_id ? (byVersion.get(r.current_version_id) ?? []) : [],
    }))
    .sort((a, b) => byText(`${a.name}\u0000${a.provider}`, `${b.name}\u0000${b.provider}`));
  const nameWords = apis.flatMap((a) => a.name.match(WORD) ?? []);
  const descriptionWords = apis.flatMap((a) => a.description.match(WORD) ?? []);
  const categories = [...new Set(apis.map((a) => a.category).filter((c): c is string => c !== null))].sort(byText);
  return { apis, categories, nameWords, descriptionWords };
}

const SYLLABLES = (
  "ba be bi bo bu ca co cu da de di do du fa fe fi fo ga ge go ha he hi ho ka ke ki ko ku la le li lo lu ma me mi " +
  "mo mu na ne ni no nu pa pe pi po pu ra re ri ro ru sa se si so su ta te ti to tu va ve vi vo za ze zi zo xa xi"
).split(" ");
const CODAS = ["", "", "", "n", "r", "x", "l", "s", "ly", "io", "fy", "th"];

/** A brand-like word ("Zenoly", "Kemarix"): the long tail of a real catalog's names. */
function coinedWord(rand: () => number): string {
  const n = 2 + Math.floor(rand() * 2);
  let w = "";
  for (let i = 0; i < n; i++) w += pick(rand, SYLLABLES);
  w += pick(rand, CODAS);
  return w.charAt(0).toUpperCase() + w.slice(1);
}

function jitter(rand: () => number, value: number, spread: number, max: number): number {
  return Math.min(max, Math.max(0, Math.round((value + (rand() - 0.5) * spread) * 10) / 10));
}

/** Endpoints copied per synthetic API (a slice of its template's spec), so 100,000 APIs stay loadable. */
const MAX_SYNTHETIC_ENDPOINTS = 10;

/**
 * Inserts `count` synthetic APIs into tenant "bench". Each starts from a random real API (its shape: name length,
 * description, category, pricing, auth, endpoints) and is varied with words drawn by real frequency and coined words.
 */
export async function insertSynthetic(db: Db, count: number, corpus: Corpus): Promise<string> {
  const tenantId = "bench";
  const rand = prng(7);
  const now = Date.UTC(2026, 0, 1);
  const chunk = async <T>(rows: T[], size: number, write: (part: T[]) => Promise<unknown>) => {
    for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
  };
  await db.kysely.transaction().execute(async (trx) => {
    await trx.insertInto("tenants").values({ id: tenantId, name: "Bench", config: "{}", created_at: now }).execute();
    await trx
      .insertInto("users")
      .values({
        id: "bench-owner",
        tenant_id: tenantId,
        username: "bench",
        email: null,
        name: "Bench Provider",
        thumbnail: null,
        position: null,
        company: null,
        location: null,
        bio: null,
        is_demo: 1,
        created_at: now,
      })
      .execute();
    const categoryIds = new Map(corpus.categories.map((name, i) => [name, `bench-cat-${i}`]));
    await trx
      .insertInto("categories")
      .values(
        corpus.categories.map((name, i) => ({
          id: `bench-cat-${i}`,
          tenant_id: tenantId,
          slug: `c-${i}`,
          name,
          description: null,
          created_at: now,
        })),
      )
      .execute();
    const apis = [];
    const versions = [];
    const endpoints = [];
    for (let i = 0; i < count; i++) {
      const template = pick(rand, corpus.apis);
      const other = pick(rand, corpus.apis);
      const nameParts = template.name.split(/\s+/).filter((w) => w !== "");
      if (nameParts.length === 0 || rand() < 0.5) {
        const at = Math.floor(rand() * Math.max(1, nameParts.length));
        nameParts[at] = coinedWord(rand);
      }
      if (rand() < 0.3) nameParts.push(pick(rand, corpus.nameWords));
      const description = template.description
        .split(" ")
        .map((w) => {
          const r = rand();
          if (r < 0.02) return coinedWord(rand).toLowerCase();
          if (r < 0.27) return pick(rand, corpus.descriptionWords);
          return w;
        })
        .join(" ");
      const id = `bench-api-${i}`;
      const versionId = `bench-ver-${i}`;
      apis.push({
        id,
        tenant_id: tenantId,
        owner_id: "bench-owner",
        name: nameParts.join(" ").slice(0, 120),
        slug: `api-${i}`,
        short_description: description,
        visibility: rand() < 0.97 ? ("PUBLIC" as const) : ("PRIVATE" as const),
        category_id: template.category ? (categoryIds.get(template.category) ?? null) : null,
        pricing_type: other.pricing,
        provider_name: rand() < 0.6 ? template.provider : `${coinedWord(rand).toLowerCase()}.io`,
        auth_type: other.auth,
        popularity: jitter(rand, other.popularity, 1, 10),
        rating_avg: jitter(rand, other.rating, 0.6, 5),
        rating_votes: Math.floor(rand() * 500),
        latency_ms: other.latency,
        current_version_id: versionId,
        readme: "",
        features_json: "[]",
        resources_json: "[]",
        followers_count: 0,
        is_demo_data: 1 as const,
        created_at: now,
        updated_at: now - Math.floor(rand() * 1e10),
      });
      const own = template.endpoints;
      const start =
        own.length > MAX_SYNTHETIC_ENDPOINTS ? Math.floor(rand() * (own.length - MAX_SYNTHETIC_ENDPOINTS)) : 0;
      const slice = own.slice(start, start + MAX_SYNTHETIC_ENDPOINTS);
      versions.push({
        id: versionId,
        tenant_id: tenantId,
        api_id: id,
        version: "1.0.0",
        source_format: "openapi-3.0.3",
        original_doc: "{}",
        normalized_doc: "{}",
        endpoints_count: slice.length,
        created_at: now,
      });
      for (const [e, ep] of slice.entries()) {
        endpoints.push({
          id: `bench-end-${i}-${e}`,
          tenant_id: tenantId,
          api_id: id,
          version_id: versionId,
          method: ep.method,
          path: ep.path,
          operation_id: ep.operation_id,
          summary: ep.summary,
          description: null,
          tags_json: "[]",
          parameters_json: "[]",
          request_body_json: null,
          responses_json: "{}",
          security_json: null,
          position: e,
        });
      }
    }
    await chunk(apis, 1000, (part) => trx.insertInto("apis").values(part).execute());
    await chunk(versions, 2000, (part) => trx.insertInto("api_versions").values(part).execute());
    await chunk(endpoints, 2000, (part) => trx.insertInto("api_endpoints").values(part).execute());
  });
  return tenantId;
}

function lettersOnly(words: readonly string[], minLength: number): string[] {
  return words.map((w) => w.toLowerCase()).filter((w) => w.length >= minLength && /^[a-z]+$/.test(w));
}

function typo(rand: () => number, word: string): string {
  const at = 1 + Math.floor(rand() * (word.length - 2));
  const letter = "abcdefghijklmnopqrstuvwxyz"[Math.floor(rand() * 26)] ?? "e";
  const kind = Math.floor(rand() * 4);
  if (kind === 0) return word.slice(0, at) + letter + word.slice(at + 1);
  if (kind === 1) return word.slice(0, at) + letter + word.slice(at);
  if (kind === 2) return word.slice(0, at) + word.slice(at + 1);
  return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
}

/**
 * 200 terms as people type them: 60 typeahead prefixes of real API names (2 to 6 letters, some after a complete first
 * word), 50 one-typo words, 50 two- or three-word phrases from real descriptions (the last word sometimes still being
 * typed), 30 exact words and 10 misses or hostile inputs.
 */
export function benchTerms(corpus: Corpus): string[] {
  const rand = prng(42);
  const terms: string[] = [];
  const nameTokens = (name: string) => lettersOnly(name.match(WORD) ?? [], 1);
  for (let i = 0; i < 60; i++) {
    const words = nameTokens(pick(rand, corpus.apis).name);
    const first = words[0] ?? "api";
    const second = words[1];
    if (second !== undefined && second.length >= 2 && rand() < 0.25) {
      terms.push(`${first} ${second.slice(0, 2 + Math.floor(rand() * Math.min(4, second.length - 1)))}`);
    } else {
      terms.push(first.slice(0, 2 + Math.floor(rand() * Math.max(1, Math.min(5, first.length - 1)))));
    }
  }
  const typoSource = [...lettersOnly(corpus.nameWords, 5), ...lettersOnly(corpus.descriptionWords, 5)];
  for (let i = 0; i < 50; i++) terms.push(typo(rand, pick(rand, typoSource)));
  for (let i = 0; i < 50; i++) {
    const words = lettersOnly(pick(rand, corpus.apis).description.match(WORD) ?? [], 2);
    const n = Math.min(words.length, rand() < 0.3 ? 3 : 2);
    const at = Math.floor(rand() * Math.max(1, words.length - n + 1));
    const phrase = words.slice(at, at + n);
    const last = phrase.length - 1;
    if (last >= 0 && rand() < 0.3) {
      const w = phrase[last] ?? "";
      phrase[last] = w.slice(0, Math.max(2, Math.ceil(w.length / 2)));
    }
    terms.push(phrase.length > 0 ? phrase.join(" ") : "weather forecast");
  }
  const exact = [...lettersOnly(corpus.nameWords, 3), ...lettersOnly(corpus.descriptionWords, 4)];
  for (let i = 0; i < 30; i++) terms.push(pick(rand, exact));
  terms.push("xylophonic", "qwzx", "blockchainz", "lorem ipsum", "🙂", "NEAR(a b)", "api", "a", "data", "free api");
  return terms;
}
