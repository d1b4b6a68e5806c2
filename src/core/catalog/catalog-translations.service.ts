import { DEFAULT_LOCALE, type Locale } from "../../common/locales";
import type { Db } from "../../db/connection";
import type { ApiCard, CategorySummary, CollectionSummary } from "./catalog.types";
import { selectCategoryTranslations, selectCollectionTranslations } from "./catalog-translations.queries";
import { cachedTenantAggregate } from "./tenant-aggregate-cache";

/*
 * Category and collection names in the page's language (decision 130). Lists and cards are read and cached in en-US
 * (the base rows), then passed through a CatalogLocalizer: one small read per tenant and language, cached like the
 * hub aggregates, replaces name and description where a translation exists and leaves the en-US text otherwise.
 */

interface Text {
  name: string;
  description: string | null;
}

export interface CatalogLocalizer {
  category<T extends Pick<CategorySummary, "slug" | "name" | "description">>(category: T): T;
  collection<T extends Pick<CollectionSummary, "slug" | "name" | "description">>(collection: T): T;
  card<T extends Pick<ApiCard, "categorySlug" | "categoryName">>(card: T): T;
  /** A category name by slug or en-US name (breadcrumbs, search facets); `fallback` when untranslated. */
  categoryName(slugOrName: string | null, fallback: string | null): string | null;
}

const IDENTITY: CatalogLocalizer = {
  category: (c) => c,
  collection: (c) => c,
  card: (c) => c,
  categoryName: (_slug, fallback) => fallback,
};

function localize<T extends { name: string; description: string | null }>(row: T, text: Text | undefined): T {
  if (!text) return row;
  return { ...row, name: text.name, description: text.description ?? row.description };
}

export function catalogLocalizer(
  categories: Map<string, Text>,
  collections: Map<string, Text>,
  categoriesByName: Map<string, Text> = new Map(),
): CatalogLocalizer {
  return {
    category: (c) => localize(c, categories.get(c.slug)),
    collection: (c) => localize(c, collections.get(c.slug)),
    card: (card) => {
      const text = card.categorySlug === null ? undefined : categories.get(card.categorySlug);
      return text ? { ...card, categoryName: text.name } : card;
    },
    categoryName: (key, fallback) =>
      key === null ? fallback : ((categories.get(key) ?? categoriesByName.get(key.toLowerCase()))?.name ?? fallback),
  };
}

/** The localizer for one tenant and language; en-US (the base rows) needs no read. */
export async function getCatalogLocalizer(db: Db, tenantId: string, locale: Locale): Promise<CatalogLocalizer> {
  if (locale === DEFAULT_LOCALE) return IDENTITY;
  return cachedTenantAggregate(db, tenantId, `catalog-i18n:${locale}`, async () => {
    const [categories, collections] = await Promise.all([
      selectCategoryTranslations(db, tenantId, locale),
      selectCollectionTranslations(db, tenantId, locale),
    ]);
    const toMap = (rows: Array<{ slug: string } & Text>) =>
      new Map(rows.map((r) => [r.slug, { name: r.name, description: r.description }]));
    // Search facets pass category names around (their filter values), so categories are found by en-US name too.
    const byName = new Map(
      categories.map((r) => [r.base_name.toLowerCase(), { name: r.name, description: r.description }]),
    );
    return catalogLocalizer(toMap(categories), toMap(collections), byName);
  });
}
