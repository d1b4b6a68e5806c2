import type { Insertable } from "kysely";
import { newId } from "../../common/ids";
import { sanitizeSlug } from "../../common/slug";
import { isValidHttpUrl } from "../../common/url";
import type { ApisTable, ApiTagsTable, Visibility } from "../schema";
import { authTagValue } from "./seed-content";
import type { Listing } from "./seed-source";
import { syntheticFields } from "./synthetic-metrics";
import type { NewUser, TenantCatalog } from "./tenant-catalog";

const DAY_MS = 86_400_000;

/** Hosts that serve many unrelated providers: the first path segment names the provider there. */
const SHARED_HOSTS = new Set(["github.com", "gitlab.com", "rapidapi.com", "bitbucket.org", "sourceforge.net"]);

export interface ProviderRef {
  key: string;
  usernameBase: string;
  name: string;
  website: string | null;
}

/** The demo provider behind a listing's link: its host without www (or host + account on shared hosts). */
export function listingProvider(link: string): ProviderRef {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return { key: "unknown", usernameBase: "unknown-provider", name: "Unknown provider", website: null };
  }
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  const account = url.pathname.split("/").find((s) => s !== "");
  if (SHARED_HOSTS.has(host) && account) {
    return {
      key: `${host}/${account.toLowerCase()}`,
      usernameBase: account,
      name: account,
      website: `${url.protocol}//${url.host}/${account}`,
    };
  }
  return { key: host, usernameBase: host, name: host, website: `${url.protocol}//${url.host}` };
}

export function listingReadme(listing: Listing, categoryName: string | null): string {
  const lines = [
    listing.description || listing.name,
    "",
    "## At a glance",
    "",
    `- **Category:** ${categoryName ?? "Uncategorized"}`,
    `- **Authentication:** ${authTagValue(listing.auth || null)}`,
    `- **CORS:** ${listing.cors}`,
  ];
  if (isValidHttpUrl(listing.link)) lines.push(`- **Website:** <${listing.link}>`);
  lines.push("", "_Listed from the public-apis project (MIT licence)._");
  return lines.join("\n");
}

/**
 * Deterministic figures and timestamps for a demo API row. Nothing here pretends to be measured or given by people
 * (issue 15): followers and ratings start at zero and grow from real follows and reviews; latency, service level and
 * health stay empty ("not available") until calls and probes measure them. Only the popularity ranking is generated,
 * and the API page labels it as demo data (is_demo_data).
 */
export function demoFields(key: string, now: number) {
  const s = syntheticFields(key);
  const updatedAt = now - Math.floor(s.age * 365) * DAY_MS;
  return {
    fields: {
      followers_count: 0,
      rating_avg: 0,
      rating_votes: 0,
      rating_is_demo: 0 as const,
      popularity: s.popularity,
      latency_ms: null,
      service_level: null,
      health_check: null,
      pricing_type: s.pricing_type,
      features_json: JSON.stringify(s.features),
      is_demo_data: 1 as const,
      created_at: updatedAt - 30 * DAY_MS,
      updated_at: updatedAt,
    },
    synthetic: s,
  };
}

export interface ListingBatch {
  users: NewUser[];
  apis: Array<Insertable<ApisTable>>;
  apiTags: Array<Insertable<ApiTagsTable>>;
}

export interface ListingBatchOptions {
  /** Which provider owns a listing; defaults to listingProvider(link). */
  ownerOf?: (listing: Listing) => ProviderRef;
  categorySlugOf: (listing: Listing) => string | null;
  categoryNameOf: (slug: string | null) => string | null;
  tagIds: { auth?: string; cors?: string; source?: string };
  /** Prefix of the synthetic-metrics key, so two tenants get different figures for the same listing. */
  metricsKeyPrefix: string;
  visibilityOf?: (listing: Listing, index: number) => Visibility;
  readmeSuffix?: (listing: Listing) => string;
  now: number;
}

/** Users, API rows and tags for a batch of public-apis listings; registers them in the catalog as it goes. */
export function buildListingBatch(
  catalog: TenantCatalog,
  listings: Listing[],
  opts: ListingBatchOptions,
): ListingBatch {
  const batch: ListingBatch = { users: [], apis: [], apiTags: [] };
  listings.forEach((listing, index) => {
    const provider = (opts.ownerOf ?? ((l: Listing) => listingProvider(l.link)))(listing);
    let owner = catalog.userFor(provider.key);
    if (!owner) {
      const user = catalog.planUser(provider.usernameBase, {
        name: provider.name,
        bio: provider.website ? `Demo provider account for ${provider.website}` : "Demo provider account",
      });
      catalog.registerUser(provider.key, user);
      batch.users.push(user);
      owner = { id: user.id, username: user.username };
    }
    const slug = catalog.planSlug(owner.id, listing.name);
    const categorySlug = opts.categorySlugOf(listing);
    const categoryId = categorySlug ? (catalog.categoryIds.get(categorySlug) ?? null) : null;
    const { fields, synthetic } = demoFields(`${opts.metricsKeyPrefix}${owner.username}/${slug}`, opts.now);
    const website = isValidHttpUrl(listing.link) ? listing.link : null;
    const visibility = opts.visibilityOf?.(listing, index) ?? "PUBLIC";
    const authType = listing.auth || null;
    const api: Insertable<ApisTable> = {
      id: newId("api"),
      tenant_id: catalog.tenantId,
      owner_id: owner.id,
      name: listing.name.slice(0, 200),
      slug,
      short_description: listing.description.slice(0, 300),
      thumbnail: null,
      visibility,
      category_id: categoryId,
      provider_name: provider.name,
      website,
      terms_of_use: null,
      readme: listingReadme(listing, opts.categoryNameOf(categorySlug)) + (opts.readmeSuffix?.(listing) ?? ""),
      resources_json: JSON.stringify(website ? [{ title: "Website", url: website }] : []),
      auth_type: authType,
      cors: listing.cors,
      upstream_url: null,
      current_version_id: null,
      ...fields,
    };
    batch.apis.push(api);
    const tag = (tagId: string | undefined, value: string) => {
      if (tagId) batch.apiTags.push({ tenant_id: catalog.tenantId, api_id: api.id, tag_id: tagId, value });
    };
    tag(opts.tagIds.auth, authTagValue(authType));
    tag(opts.tagIds.cors, listing.cors);
    tag(opts.tagIds.source, "public-apis");
    catalog.registerApi({
      id: api.id,
      name: api.name,
      slug,
      ownerId: owner.id,
      categorySlug,
      popularity: synthetic.popularity,
      followers: synthetic.followers_count,
      pricing: synthetic.pricing_type,
      visibility,
      thumbnail: null,
      hasSpec: false,
    });
  });
  return batch;
}

/** Listing category name → slug, from categories.json, falling back to sanitising the name. */
export function listingCategorySlugger(categories: Array<{ name: string; slug: string }>) {
  const byName = new Map(categories.map((c) => [c.name.toLowerCase(), c.slug]));
  return (name: string): string | null => {
    if (name === "") return null;
    return byName.get(name.toLowerCase()) ?? (sanitizeSlug(name) || null);
  };
}
