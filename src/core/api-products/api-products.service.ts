import { newId } from "../../common/ids";
import { sanitizeSlug } from "../../common/slug";
import type { Db } from "../../db/connection";
import { inTransaction } from "../../db/executor";
import type { ApiUpdate } from "../../db/schema";
import { canEditApi, requireVisibleApi } from "../access/private-apis.service";
import { requireViewer } from "../accounts/accounts.policy";
import { fieldError, parseInput } from "../accounts/validation";
import type { ApiResource } from "../catalog/catalog.types";
import { invalidateTenantAggregates } from "../catalog/tenant-aggregate-cache";
import { AppError } from "../errors/app-error";
import { selectOrgById, selectRole } from "../orgs/orgs.queries";
import { announceGatewayChange } from "../plans/gateway-changes";
import { validateUpstreamUrl } from "../upstreams/ssrf-guard";
import type { UseCaseContext } from "../use-case-context";
import {
  deleteApiRow,
  insertApi,
  insertOwnerRow,
  selectApisOfOwner,
  selectCategoryId,
  selectCategoryOptions,
  selectEditableApi,
  selectTeamOrganization,
  selectUserRow,
  slugTaken,
  updateApiRow,
  upsertHealthPath,
  usernameTaken,
} from "./api-products.queries";
import { createApiSchema, updateApiSchema } from "./api-products.schemas";
import type { EditableApi, MyApi, PublishingContext, WriteOptions } from "./api-products.types";

export const EDIT_FORBIDDEN = "Only the API's owner can change it";
export const PUBLISH_FORBIDDEN = "You cannot publish APIs for this organization";
export const SLUG_TAKEN = "You already have an API with this slug";

/**
 * Who owns the APIs of a context: the viewer's own id in the personal context; for an organization (or a team, which
 * publishes for its organization) the organization's id. Organization-owned APIs need a row in `users` (apis.owner_id
 * references it, and the API page lives at /{username}/api/{slug}): it is created on first use with the organization's
 * id, so canEditProduct finds that id in members' context trees (spec section 6).
 */
export async function resolvePublishingContext(
  ctx: UseCaseContext,
  contextId: string | null | undefined,
): Promise<PublishingContext> {
  const { db, tenantId } = ctx;
  const viewer = requireViewer(ctx.viewer, ctx.tenantId);
  if (!contextId || contextId === viewer.id) {
    return { type: "User", ownerId: viewer.id, name: viewer.name || viewer.username, ownerUsername: viewer.username };
  }
  const orgId = (await selectTeamOrganization(db, tenantId, contextId)) ?? contextId;
  const org = await selectOrgById(db, tenantId, orgId);
  const role = org ? await selectRole(db, tenantId, orgId, viewer.id) : null;
  if (!org || !role) throw new AppError("FORBIDDEN", PUBLISH_FORBIDDEN);
  const owner = await selectUserRow(db, tenantId, org.id);
  if (owner) return { type: "Organization", ownerId: org.id, name: org.name, ownerUsername: owner.username };
  const username = await freeUsername(db, tenantId, org.slug);
  await insertOwnerRow(db, {
    id: org.id,
    tenant_id: tenantId,
    username,
    email: null,
    name: org.name,
    thumbnail: org.thumbnail,
    position: null,
    company: null,
    location: null,
    bio: org.description,
    is_demo: 0,
    created_at: Date.now(),
  });
  return { type: "Organization", ownerId: org.id, name: org.name, ownerUsername: username };
}

async function freeUsername(db: Db, tenantId: string, slug: string): Promise<string> {
  for (const candidate of [slug, `${slug}-org`]) if (!(await usernameTaken(db, tenantId, candidate))) return candidate;
  for (let n = 2; ; n++) {
    const candidate = `${slug}-org-${n}`;
    if (!(await usernameTaken(db, tenantId, candidate))) return candidate;
  }
}

/** The APIs of the viewer's selected context (personal or organization), for the studio list. */
export async function listMyApis(
  ctx: UseCaseContext,
  contextId?: string | null,
): Promise<{ context: PublishingContext; apis: MyApi[] }> {
  const { db, tenantId, viewer } = ctx;
  requireViewer(viewer, tenantId);
  const context = await resolvePublishingContext(ctx, contextId);
  const rows = await selectApisOfOwner(db, tenantId, context.ownerId);
  return {
    context,
    apis: rows.map((row) => ({
      id: row.id,
      name: row.name,
      slug: row.slug,
      ownerUsername: row.owner_username,
      shortDescription: row.short_description,
      visibility: row.visibility,
      thumbnail: row.thumbnail,
      categoryName: row.category_name,
      version: row.version_label,
      endpointsCount: row.endpoints_count === null ? 0 : Number(row.endpoints_count),
      updatedAt: Number(row.updated_at),
    })),
  };
}

/** Categories an API can be filed under, by name. */
export async function listCategoryOptions(db: Db, tenantId: string) {
  return selectCategoryOptions(db, tenantId);
}

/** Creates an API in the personal or an organization context; the slug defaults to the sanitized name. */
export async function createApi(ctx: UseCaseContext, input: unknown, options: WriteOptions): Promise<EditableApi> {
  const { db, tenantId, viewer } = ctx;
  requireViewer(viewer, tenantId);
  const data = parseInput(createApiSchema, input);
  const context = await resolvePublishingContext(ctx, data.contextId);
  const slug = data.slug ?? sanitizeSlug(data.name);
  if (!slug) throw fieldError({ name: "The name needs at least one letter or digit" });
  if (await slugTaken(db, tenantId, context.ownerId, slug, null)) {
    throw new AppError("CONFLICT", SLUG_TAKEN, { fields: { [data.slug ? "slug" : "name"]: SLUG_TAKEN } });
  }
  const now = Date.now();
  const id = newId("api");
  const upstreamUrl = checkedUpstream(data.upstreamUrl, options);
  const categoryId = await checkedCategory(db, tenantId, data.categoryId);
  await inTransaction(db, async (trx) => {
    await insertApi(trx, {
      id,
      tenant_id: tenantId,
      owner_id: context.ownerId,
      name: data.name,
      slug,
      short_description: data.shortDescription,
      readme: data.readme,
      visibility: data.visibility,
      category_id: categoryId,
      website: data.website,
      terms_of_use: data.termsOfUse,
      thumbnail: data.thumbnail,
      upstream_url: upstreamUrl,
      provider_name: context.name,
      pricing_type: "FREE",
      features_json: JSON.stringify(data.features),
      resources_json: JSON.stringify(data.resources),
      auth_type: null,
      cors: null,
      followers_count: 0,
      rating_avg: 0,
      rating_votes: 0,
      health_check: null,
      popularity: 0,
      latency_ms: null,
      service_level: null,
      is_demo_data: 0,
      current_version_id: null,
      created_at: now,
      updated_at: now,
    });
    if (data.healthPath) await upsertHealthPath(trx, tenantId, id, data.healthPath);
  });
  invalidateTenantAggregates(db, tenantId);
  return requireEditableApi(ctx, id);
}

/** Changes the given fields of an API (owner or someone whose context tree holds the owner). */
export async function updateApi(
  ctx: UseCaseContext,
  apiId: string,
  input: unknown,
  options: WriteOptions,
): Promise<EditableApi> {
  const { db, tenantId, viewer } = ctx;
  requireViewer(viewer, tenantId);
  const current = await requireEditableApi(ctx, apiId);
  const data = parseInput(updateApiSchema, input);
  // Only the keys the caller sent change (the schema fills defaults for the others).
  const sent = new Set(Object.keys(typeof input === "object" && input !== null ? input : {}));
  const patch: ApiUpdate = {};
  if (sent.has("name") && data.name !== undefined) patch.name = data.name;
  if (sent.has("slug") && data.slug) {
    if (data.slug !== current.slug && (await slugTaken(db, tenantId, current.ownerId, data.slug, apiId))) {
      throw new AppError("CONFLICT", SLUG_TAKEN, { fields: { slug: SLUG_TAKEN } });
    }
    patch.slug = data.slug;
  }
  if (sent.has("categoryId")) patch.category_id = await checkedCategory(db, tenantId, data.categoryId ?? null);
  if (sent.has("shortDescription")) patch.short_description = data.shortDescription ?? "";
  if (sent.has("readme")) patch.readme = data.readme ?? "";
  if (sent.has("visibility") && data.visibility) patch.visibility = data.visibility;
  if (sent.has("website")) patch.website = data.website ?? null;
  if (sent.has("termsOfUse")) patch.terms_of_use = data.termsOfUse ?? null;
  if (sent.has("thumbnail")) patch.thumbnail = data.thumbnail ?? null;
  if (sent.has("features")) patch.features_json = JSON.stringify(data.features ?? []);
  if (sent.has("resources")) patch.resources_json = JSON.stringify(data.resources ?? []);
  if (sent.has("upstreamUrl")) patch.upstream_url = checkedUpstream(data.upstreamUrl ?? null, options);
  const healthPathSent = sent.has("healthPath");
  if (Object.keys(patch).length > 0 || healthPathSent) {
    await inTransaction(db, async (trx) => {
      await updateApiRow(trx, tenantId, apiId, { ...patch, updated_at: Date.now() });
      if (healthPathSent) await upsertHealthPath(trx, tenantId, apiId, data.healthPath ?? null);
    });
    invalidateTenantAggregates(db, tenantId);
    if (sent.has("upstreamUrl")) announceGatewayChange({ kind: "api", apiId });
  }
  return requireEditableApi(ctx, apiId);
}

/** Deletes an API with its versions, endpoints, plans and listings. */
export async function deleteApi(ctx: UseCaseContext, apiId: string): Promise<boolean> {
  const { db, tenantId, viewer } = ctx;
  requireViewer(viewer, tenantId);
  await requireEditableApi(ctx, apiId);
  await deleteApiRow(db, tenantId, apiId);
  invalidateTenantAggregates(db, tenantId);
  announceGatewayChange({ kind: "api", apiId });
  return true;
}

/** The API's editable fields, if the viewer may edit it: NOT_FOUND when they cannot see it, else FORBIDDEN. */
export async function requireEditableApi(ctx: UseCaseContext, apiId: string): Promise<EditableApi> {
  const { db, tenantId, viewer } = ctx;
  await requireVisibleApi({ db, tenantId, viewer }, apiId);
  if (!(await canEditApi({ db, tenantId, viewer }, apiId))) throw new AppError("FORBIDDEN", EDIT_FORBIDDEN);
  const row = await selectEditableApi(db, tenantId, apiId);
  if (!row) throw new AppError("NOT_FOUND", "API not found");
  return {
    id: row.id,
    ownerId: row.owner_id,
    ownerUsername: row.owner_username,
    name: row.name,
    slug: row.slug,
    categoryId: row.category_id,
    shortDescription: row.short_description,
    readme: row.readme,
    visibility: row.visibility,
    website: row.website,
    termsOfUse: row.terms_of_use,
    thumbnail: row.thumbnail,
    upstreamUrl: row.upstream_url,
    healthPath: row.health_path ?? null,
    features: parseList<string>(row.features_json).filter((f) => typeof f === "string"),
    resources: parseList<ApiResource>(row.resources_json).filter(
      (r) => typeof r === "object" && r !== null && typeof r.title === "string" && typeof r.url === "string",
    ),
    currentVersionId: row.current_version_id,
    version: row.version_label,
    endpointsCount: row.endpoints_count === null ? 0 : Number(row.endpoints_count),
    updatedAt: Number(row.updated_at),
  };
}

async function checkedCategory(db: Db, tenantId: string, categoryId: string | null): Promise<string | null> {
  if (!categoryId) return null;
  const found = await selectCategoryId(db, tenantId, categoryId);
  if (!found) throw fieldError({ categoryId: "Choose one of the listed categories" });
  return found;
}

function checkedUpstream(value: string | null, options: WriteOptions): string | null {
  if (!value) return null;
  try {
    return validateUpstreamUrl(value, { allowPrivate: options.allowPrivateUpstreams }).toString();
  } catch (error) {
    if (error instanceof AppError) throw fieldError({ upstreamUrl: error.message });
    throw error;
  }
}

function parseList<T>(json: string): T[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}
