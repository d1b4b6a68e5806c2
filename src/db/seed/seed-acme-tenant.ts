import { createHash } from "node:crypto";
import type { Insertable } from "kysely";
import { newId } from "../../common/ids";
import type { Db } from "../connection";
import type { ApiTagsTable, CategoriesTable } from "../schema";
import { buildCollections, type CollectionSpec } from "./seed-collections";
import { acmeTenantConfig, pageRows, tagDefinitionRows } from "./seed-content";
import { buildListingBatch, listingCategorySlugger } from "./seed-listings";
import type { Listing } from "./seed-source";
import { insertInChunks } from "./seed-writer";
import { TenantCatalog } from "./tenant-catalog";

export const ACME_TENANT_ID = "2";

/** Acme's small catalog: a few listing categories, each owned by one internal team. */
const ACME_TEAMS: Array<{ category: string; team: string; teamName: string }> = [
  { category: "weather", team: "logistics-team", teamName: "Logistics Team" },
  { category: "finance", team: "payments-team", teamName: "Payments Team" },
  { category: "development", team: "platform-team", teamName: "Platform Team" },
  { category: "email", team: "messaging-team", teamName: "Messaging Team" },
  { category: "security", team: "security-team", teamName: "Security Team" },
];
const PER_CATEGORY = 8;
/** Positions (in seed order) of the APIs made PRIVATE, so the hub has something that stays hidden. */
const PRIVATE_POSITIONS = new Set([3, 11]);

export const ACME_COLLECTIONS: CollectionSpec[] = [
  {
    slug: "approved-for-production",
    name: "Approved for Production",
    description: "Reviewed by the API platform group and cleared for production traffic.",
    includes: () => true,
    size: 12,
    perOwner: 3,
  },
  {
    slug: "payments-and-risk",
    name: "Payments & Risk",
    description: "Finance and security APIs used by the payments and risk teams.",
    includes: (api) => api.categorySlug === "finance" || api.categorySlug === "security",
    size: 10,
  },
  {
    slug: "free-to-experiment",
    name: "Free to Experiment",
    description: "No procurement needed: free or freemium APIs for prototypes.",
    includes: (api) => api.pricing !== "PAID",
    size: 10,
  },
];

const CLASSIFICATIONS = ["public", "internal", "confidential: approved"];

function hashOrder(name: string): string {
  return createHash("sha256").update(`acme:${name}`).digest("hex");
}

export interface TenantSeedSummary {
  id: string;
  name: string;
  categories: number;
  apis: number;
  collections: number;
  pages: number;
}

/** Seeds tenant 2 in one transaction; it shares no rows with tenant 1. */
export async function seedAcmeTenant(
  db: Db,
  listings: Listing[],
  listingCategories: Array<{ name: string; slug: string }>,
  now: number,
): Promise<TenantSeedSummary> {
  const catalog = new TenantCatalog(ACME_TENANT_ID, now);
  const slugOf = listingCategorySlugger(listingCategories);
  const categories: Array<Insertable<CategoriesTable>> = [];
  const chosen: Listing[] = [];
  const teamByCategory = new Map(ACME_TEAMS.map((t) => [t.category, t]));
  for (const team of ACME_TEAMS) {
    const inCategory = listings
      .filter((l) => slugOf(l.category) === team.category)
      .sort((a, b) => (hashOrder(a.name) < hashOrder(b.name) ? -1 : 1))
      .slice(0, PER_CATEGORY);
    if (inCategory.length === 0) continue;
    const name = listingCategories.find((c) => c.slug === team.category)?.name ?? team.category;
    const id = newId("cat");
    catalog.categoryIds.set(team.category, id);
    categories.push({
      id,
      tenant_id: ACME_TENANT_ID,
      slug: team.category,
      name,
      description: `${name} APIs approved for use at Acme, owned by the ${team.teamName}.`,
      created_at: now,
    });
    chosen.push(...inCategory);
  }
  const tags = tagDefinitionRows(ACME_TENANT_ID, [
    {
      key: "auth",
      name: "Auth",
      color: "#7c3aed",
      description: "How the API authenticates callers",
      values: ["apiKey", "OAuth", "HTTP", "X-Mashape-Key", "User-Agent", "none"],
      visible: true,
      showName: true,
    },
    {
      key: "classification",
      name: "Data classification",
      color: "#64748b",
      description: "Highest data class the API is approved for (internal review only)",
      values: CLASSIFICATIONS,
      visible: false,
      showName: false,
    },
  ]);
  const batch = buildListingBatch(catalog, chosen, {
    ownerOf: (listing) => {
      const team = teamByCategory.get(slugOf(listing.category) ?? "");
      return team
        ? { key: team.team, usernameBase: team.team, name: team.teamName, website: null }
        : { key: "platform-team", usernameBase: "platform-team", name: "Platform Team", website: null };
    },
    categorySlugOf: (listing) => slugOf(listing.category),
    categoryNameOf: (slug) => categories.find((c) => c.slug === slug)?.name ?? null,
    tagIds: { auth: tags.ids.get("auth") },
    metricsKeyPrefix: "acme:",
    visibilityOf: (_listing, index) => (PRIVATE_POSITIONS.has(index) ? "PRIVATE" : "PUBLIC"),
    readmeSuffix: (listing) =>
      `\n\n## At Acme\n\nOwned by the ${teamByCategory.get(slugOf(listing.category) ?? "")?.teamName ?? "Platform Team"}. ` +
      "Request a key through the hub before calling it from a service.",
    now,
  });
  for (const user of batch.users) {
    user.position = "Internal team";
    user.company = "Acme";
    user.bio = `${user.name} at Acme`;
  }
  const classificationTag = tags.ids.get("classification");
  const classifications: Array<Insertable<ApiTagsTable>> = classificationTag
    ? batch.apis.map((api, i) => ({
        tenant_id: ACME_TENANT_ID,
        api_id: api.id,
        tag_id: classificationTag,
        value: CLASSIFICATIONS[i % CLASSIFICATIONS.length] ?? "internal",
      }))
    : [];
  const { collections, members } = buildCollections(catalog, ACME_COLLECTIONS, now);
  const pages = pageRows(ACME_TENANT_ID, "acme", now);
  const config = acmeTenantConfig();

  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto("tenants")
      .values({ id: ACME_TENANT_ID, name: config.brandName, config: JSON.stringify(config), created_at: now })
      .execute();
    await insertInChunks(trx, "categories", categories);
    await insertInChunks(trx, "tag_definitions", tags.rows);
    await insertInChunks(trx, "users", batch.users);
    await insertInChunks(trx, "apis", batch.apis);
    await insertInChunks(trx, "api_tags", [...batch.apiTags, ...classifications]);
    await insertInChunks(trx, "collections", collections);
    await insertInChunks(trx, "collection_apis", members);
    await insertInChunks(trx, "pages", pages);
  });
  return {
    id: ACME_TENANT_ID,
    name: config.brandName,
    categories: categories.length,
    apis: batch.apis.length,
    collections: collections.length,
    pages: pages.length,
  };
}
