import type { Insertable } from "kysely";
import { newId } from "../../common/ids";
import type { CollectionApisTable, CollectionsTable } from "../schema";
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

/** Tenant 1's curated collections, in hub order. Category slugs are public-apis and APIs.guru ones. */
export const PORTICO_COLLECTIONS: CollectionSpec[] = [
  {
    slug: "most-popular",
    name: "Most Popular",
    description: "The APIs developers on Portico follow and call the most.",
    includes: () => true,
    size: 24,
    perOwner: 2,
  },
  {
    slug: "top-weather-apis",
    name: "Top Weather APIs",
    description: "Forecasts, current conditions, air quality and historical weather data.",
    includes: inCategories("weather"),
    size: 16,
  },
  {
    slug: "finance-and-crypto",
    name: "Finance & Crypto",
    description: "Market data, exchange rates, payments and blockchain APIs.",
    includes: inCategories("finance", "financial", "cryptocurrency", "currency-exchange", "payment", "blockchain"),
    size: 20,
    perOwner: 3,
  },
  {
    slug: "developer-tools",
    name: "Developer Tools",
    description: "Build, test and ship faster: CI, code hosting, test data and utilities.",
    includes: inCategories(
      "development",
      "developer-tools",
      "continuous-integration",
      "programming",
      "test-data",
      "tools",
    ),
    size: 20,
    perOwner: 3,
  },
  {
    slug: "maps-and-geocoding",
    name: "Maps & Geocoding",
    description: "Addresses to coordinates and back, places, routing and IP location.",
    includes: inCategories("geocoding", "location"),
    size: 16,
    perOwner: 3,
  },
  {
    slug: "entertainment",
    name: "Entertainment",
    description: "Games, comics, anime, music and video.",
    includes: inCategories("entertainment", "games-and-comics", "anime", "music", "video", "media"),
    size: 20,
    perOwner: 3,
  },
  {
    slug: "ai-and-machine-learning",
    name: "AI & Machine Learning",
    description: "Language models, vision, translation and text analysis.",
    includes: inCategories("ai", "machine-learning", "text-analysis", "text"),
    size: 16,
    perOwner: 3,
  },
  {
    slug: "cloud-platforms",
    name: "Cloud Platforms",
    description: "Compute, storage and hosting APIs with full OpenAPI definitions.",
    includes: inCategories("cloud", "hosting", "storage", "cloud-storage-and-file-sharing"),
    size: 16,
    perOwner: 4,
  },
  {
    slug: "ready-to-try",
    name: "Ready to Try",
    description: "APIs with a complete OpenAPI definition: browse every endpoint before you subscribe.",
    includes: (api) => api.hasSpec,
    size: 24,
    perOwner: 2,
  },
  {
    slug: "free-and-open-data",
    name: "Free & Open Data",
    description: "Free APIs for government, science and open data sets.",
    includes: (api) => api.pricing === "FREE" && inCategories("open-data", "government", "science-and-math")(api),
    size: 16,
    perOwner: 3,
  },
];

function byPopularity(a: SeededApi, b: SeededApi): number {
  return b.popularity - a.popularity || b.followers - a.followers || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

/** Picks each collection's members from the seeded public APIs; collections with no members are left out. */
export function buildCollections(catalog: TenantCatalog, specs: CollectionSpec[], now: number) {
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
