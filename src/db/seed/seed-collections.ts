import type { Insertable } from "kysely";
import { newId } from "../../common/ids";
import type { Db } from "../connection";
import { inTransaction } from "../executor";
import type { CollectionApisTable, CollectionsTable } from "../schema";
import { insertInChunks } from "./seed-writer";
import type { SeededApi, TenantCatalog } from "./tenant-catalog";

export interface CollectionSpec {
  slug: string;
  name: string;
  description: string;
  /** Which APIs qualify; members are then ordered by popularity (then followers, then name). */
  includes: (api: SeededApi) => boolean;
  size: number;
  /** At most this many members from one provider, so a big provider does not fill a collection alone. */
  perOwner?: number;
}

const inCategories =
  (...slugs: string[]) =>
  (api: SeededApi) =>
    api.categorySlug !== null && slugs.includes(api.categorySlug);

/** Documented-first discovery (issue 15): a hub collection only holds APIs with endpoints to browse and try. */
const documented =
  (includes: (api: SeededApi) => boolean = () => true) =>
  (api: SeededApi) =>
    api.hasSpec && includes(api);

/** Tenant 1's curated collections, in hub order. Category slugs are public-apis and APIs.guru ones. */
export const PORTICO_COLLECTIONS: CollectionSpec[] = [
  {
    slug: "most-popular",
    name: "Most Popular",
    description:
      "Documented APIs to start with, every endpoint browsable. Ranked by demo popularity until real calls come in.",
    includes: documented(),
    size: 24,
    perOwner: 2,
  },
  {
    slug: "top-weather-apis",
    name: "Top Weather APIs",
    description: "Forecasts, current conditions, air quality and historical weather data.",
    includes: documented(inCategories("weather")),
    size: 16,
  },
  {
    slug: "finance-and-crypto",
    name: "Finance & Crypto",
    description: "Market data, exchange rates, payments and blockchain APIs.",
    includes: documented(
      inCategories("finance", "financial", "cryptocurrency", "currency-exchange", "payment", "blockchain"),
    ),
    size: 20,
    perOwner: 3,
  },
  {
    slug: "developer-tools",
    name: "Developer Tools",
    description: "Build, test and ship faster: CI, code hosting, test data and utilities.",
    includes: documented(
      inCategories("development", "developer-tools", "continuous-integration", "programming", "test-data", "tools"),
    ),
    size: 20,
    perOwner: 3,
  },
  {
    slug: "maps-and-geocoding",
    name: "Maps & Geocoding",
    description: "Addresses to coordinates and back, places, routing and IP location.",
    includes: documented(inCategories("geocoding", "location")),
    size: 16,
    perOwner: 3,
  },
  {
    slug: "entertainment",
    name: "Entertainment",
    description: "Games, comics, anime, music and video.",
    includes: documented(inCategories("entertainment", "games-and-comics", "anime", "music", "video", "media")),
    size: 20,
    perOwner: 3,
  },
  {
    slug: "ai-and-machine-learning",
    name: "AI & Machine Learning",
    description: "Language models, vision, translation and text analysis.",
    includes: documented(inCategories("ai", "machine-learning", "text-analysis", "text")),
    size: 16,
    perOwner: 3,
  },
  {
    slug: "cloud-platforms",
    name: "Cloud Platforms",
    description: "Compute, storage and hosting APIs with full OpenAPI definitions.",
    includes: documented(inCategories("cloud", "hosting", "storage", "cloud-storage-and-file-sharing")),
    size: 16,
    perOwner: 4,
  },
  {
    slug: "ready-to-try",
    name: "Ready to Try",
    description: "Demo plans answered by the mock: subscribe, call and see the bill without leaving the page.",
    includes: (api) => api.hasSpec && api.subscribable === true,
    size: 24,
    perOwner: 2,
  },
  {
    slug: "free-and-open-data",
    name: "Free & Open Data",
    description: "Free APIs for government, science and open data sets.",
    includes: documented(
      (api) => api.pricing === "FREE" && inCategories("open-data", "government", "science-and-math")(api),
    ),
    size: 16,
    perOwner: 3,
  },
];

function byPopularity(a: SeededApi, b: SeededApi): number {
  return b.popularity - a.popularity || b.followers - a.followers || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

/** Picks each collection's members from the seeded public APIs; collections with no members are left out. */
export function buildCollections(
  catalog: Pick<TenantCatalog, "tenantId" | "apis">,
  specs: CollectionSpec[],
  now: number,
) {
  const candidates = catalog.apis.filter((a) => a.visibility === "PUBLIC").sort(byPopularity);
  const collections: Array<Insertable<CollectionsTable>> = [];
  const members: Array<Insertable<CollectionApisTable>> = [];
  for (const spec of specs) {
    const perOwner = new Map<string, number>();
    const chosen: SeededApi[] = [];
    for (const api of candidates) {
      if (chosen.length >= spec.size) break;
      if (!spec.includes(api)) continue;
      const count = perOwner.get(api.ownerId) ?? 0;
      if (spec.perOwner !== undefined && count >= spec.perOwner) continue;
      perOwner.set(api.ownerId, count + 1);
      chosen.push(api);
    }
    if (chosen.length === 0) continue;
    const id = newId("col");
    collections.push({
      id,
      tenant_id: catalog.tenantId,
      slug: spec.slug,
      name: spec.name,
      description: spec.description,
      thumbnail: chosen.find((a) => a.thumbnail !== null)?.thumbnail ?? null,
      position: collections.length,
      created_at: now,
    });
    chosen.forEach((api, position) => {
      members.push({ tenant_id: catalog.tenantId, collection_id: id, api_id: api.id, position });
    });
  }
  return { collections, members };
}

/** The tenant's public APIs as the collection builder sees them, read back from the database. */
async function seededApisOf(db: Db, tenantId: string): Promise<SeededApi[]> {
  const rows = await db.kysely
    .selectFrom("apis as a")
    .leftJoin("categories as c", (j) => j.onRef("c.id", "=", "a.category_id").onRef("c.tenant_id", "=", "a.tenant_id"))
    .select((eb) => [
      "a.id",
      "a.name",
      "a.slug",
      "a.owner_id",
      "c.slug as category_slug",
      "a.popularity",
      "a.followers_count",
      "a.pricing_type",
      "a.visibility",
      "a.thumbnail",
      "a.current_version_id",
      eb
        .exists(
          eb
            .selectFrom("plans as p")
            .select("p.id")
            .whereRef("p.api_id", "=", "a.id")
            .where("p.tenant_id", "=", tenantId),
        )
        .as("has_plans"),
    ])
    .where("a.tenant_id", "=", tenantId)
    .where("a.visibility", "=", "PUBLIC")
    .orderBy("a.id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    ownerId: r.owner_id,
    categorySlug: r.category_slug,
    popularity: Number(r.popularity),
    followers: Number(r.followers_count),
    pricing: r.pricing_type,
    visibility: r.visibility,
    thumbnail: r.thumbnail,
    hasSpec: r.current_version_id !== null,
    subscribable: Boolean(Number(r.has_plans)),
  }));
}

/**
 * Rebuilds the seed's collections of a tenant from what the database now holds (after the directory import added
 * documented APIs): the collections with these slugs are replaced in one transaction, others are left alone.
 */
export async function rebuildCollections(db: Db, tenantId: string, specs: CollectionSpec[], now: number) {
  const apis = await seededApisOf(db, tenantId);
  const { collections, members } = buildCollections({ tenantId, apis }, specs, now);
  const slugs = specs.map((s) => s.slug);
  await inTransaction(db, async (trx) => {
    const old = trx.selectFrom("collections").select("id").where("tenant_id", "=", tenantId).where("slug", "in", slugs);
    await trx
      .deleteFrom("collection_apis")
      .where("tenant_id", "=", tenantId)
      .where("collection_id", "in", old)
      .execute();
    await trx.deleteFrom("collections").where("tenant_id", "=", tenantId).where("slug", "in", slugs).execute();
    await insertInChunks(trx, "collections", collections);
    await insertInChunks(trx, "collection_apis", members);
  });
  return { collections: collections.length, members: members.length };
}
