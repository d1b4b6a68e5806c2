import { newId } from "../../common/ids";
import type { Db } from "../../db/connection";
import type { AppKeyRow, AppRow } from "../../db/tables/gateway.tables";
import { requireViewer } from "../accounts/accounts.policy";
import { AppError } from "../errors/app-error";
import { announceGatewayChange } from "../plans/gateway-changes";
import { selectSubscriptionsOfApp } from "../subscriptions/subscriptions.queries";
import type { UseCaseContext } from "../use-case-context";
import { displayPrefix, generateApiKey, hashApiKey } from "./api-key";
import { requireManageableApp } from "./apps.policy";
import {
  countAppsOfOwner,
  deleteAppRow,
  insertApp,
  insertKey,
  isOrganizationMember,
  revokeKeyRow,
  rotateKeyRows,
  selectAppById,
  selectAppsInContext,
  selectKeyById,
  selectKeysOfApp,
  teamBelongsToOrganization,
  updateAppRow,
} from "./apps.queries";
import {
  APP_LIMITS,
  type App,
  type AppContext,
  type AppKey,
  type AppKeyStatus,
  appDescriptionInput,
  appNameInput,
  DEFAULT_ROTATION_OVERLAP_SECONDS,
  type IssuedKey,
  keyNameInput,
} from "./apps.types";

export function toApp(row: AppRow): App {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    ownerUserId: row.owner_user_id,
    organizationId: row.organization_id,
    teamId: row.team_id,
    name: row.name,
    description: row.description,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export function keyStatus(row: Pick<AppKeyRow, "revoked_at" | "expires_at">, now = Date.now()): AppKeyStatus {
  if (row.revoked_at !== null) return "REVOKED";
  if (row.expires_at !== null) return Number(row.expires_at) <= now ? "EXPIRED" : "EXPIRING";
  return "ACTIVE";
}

export function toAppKey(row: AppKeyRow, now = Date.now()): AppKey {
  return {
    id: row.id,
    appId: row.app_id,
    name: row.name,
    prefix: row.key_prefix,
    status: keyStatus(row, now),
    createdAt: Number(row.created_at),
    expiresAt: row.expires_at === null ? null : Number(row.expires_at),
    revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
  };
}

function parseOrFail<T>(
  schema: {
    safeParse(
      v: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: Array<{ message: string }> } };
  },
  value: unknown,
  field: string,
): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AppError("BAD_REQUEST", parsed.error.issues[0]?.message ?? "Invalid value", { field });
  return parsed.data;
}

async function assertContext(db: Db, tenantId: string, viewerId: string, context: AppContext): Promise<void> {
  if (!context.organizationId) {
    if (context.teamId) throw new AppError("BAD_REQUEST", "A team belongs to an organization", { field: "teamId" });
    return;
  }
  if (!(await isOrganizationMember(db, tenantId, context.organizationId, viewerId))) {
    throw new AppError("FORBIDDEN", "Only organization members can add apps to the organization");
  }
  if (context.teamId && !(await teamBelongsToOrganization(db, tenantId, context.teamId, context.organizationId))) {
    throw new AppError("BAD_REQUEST", "The team is not part of this organization", { field: "teamId" });
  }
}

/** Creates an app in the viewer's personal context, or in an organization/team they belong to. */
export async function createApp(
  ctx: UseCaseContext,
  input: { name: string; description?: string | null; context?: AppContext },
): Promise<App> {
  const { db, tenantId } = ctx;
  const viewerId = requireViewer(ctx.viewer, ctx.tenantId).id;
  const name = parseOrFail(appNameInput, input.name, "name");
  const description = parseOrFail(appDescriptionInput, input.description ?? null, "description") ?? null;
  const context = input.context ?? {};
  await assertContext(db, tenantId, viewerId, context);
  if ((await countAppsOfOwner(db, tenantId, viewerId)) >= APP_LIMITS.maxAppsPerOwner) {
    throw new AppError("CONFLICT", `You can have at most ${APP_LIMITS.maxAppsPerOwner} apps`);
  }
  const now = Date.now();
  const row: AppRow = {
    id: newId("app"),
    tenant_id: tenantId,
    owner_user_id: viewerId,
    organization_id: context.organizationId ?? null,
    team_id: context.teamId ?? null,
    name,
    description: description || null,
    created_at: now,
    updated_at: now,
  };
  await insertApp(db, row);
  return toApp(row);
}

/** "My Apps": the apps of the selected context (personal when no organization is given). */
export async function listApps(ctx: UseCaseContext, context: AppContext = {}): Promise<App[]> {
  const { db, tenantId } = ctx;
  const viewerId = requireViewer(ctx.viewer, ctx.tenantId).id;
  if (!context.organizationId) {
    return (await selectAppsInContext(db, tenantId, { ownerUserId: viewerId })).map(toApp);
  }
  if (!(await isOrganizationMember(db, tenantId, context.organizationId, viewerId))) {
    throw new AppError("FORBIDDEN", "You are not a member of this organization");
  }
  const rows = await selectAppsInContext(db, tenantId, {
    organizationId: context.organizationId,
    teamId: context.teamId ?? null,
  });
  return rows.map(toApp);
}

export async function getApp(ctx: UseCaseContext, appId: string): Promise<App> {
  const { db, tenantId } = ctx;
  const viewerId = requireViewer(ctx.viewer, ctx.tenantId).id;
  return toApp(await requireManageableApp(db, tenantId, viewerId, appId));
}

export async function renameApp(
  ctx: UseCaseContext,
  appId: string,
  input: { name?: string; description?: string | null },
): Promise<App> {
  const { db, tenantId } = ctx;
  const viewerId = requireViewer(ctx.viewer, ctx.tenantId).id;
  await requireManageableApp(db, tenantId, viewerId, appId);
  const name = input.name === undefined ? undefined : parseOrFail(appNameInput, input.name, "name");
  const description =
    input.description === undefined
      ? undefined
      : (parseOrFail(appDescriptionInput, input.description, "description") ?? null);
  await updateAppRow(db, tenantId, appId, { name, description: description || null, updated_at: Date.now() });
  const row = await selectAppById(db, tenantId, appId);
  if (!row) throw new AppError("NOT_FOUND", "App not found");
  return toApp(row);
}

/** Subscriptions that still bind the app (billing, approvals, a past-due balance): it cannot be deleted with them. */
const LIVE_SUBSCRIPTION = new Set(["subscribed", "pending_approval", "suspended"]);

/**
 * Deletes the app with its keys and ended subscriptions; its keys stop working at the gateway at once. An app with a
 * live subscription is refused: deleting it would drop a paid subscription (and its renewals) without a cancellation.
 */
export async function deleteApp(ctx: UseCaseContext, appId: string): Promise<void> {
  const { db, tenantId } = ctx;
  const viewerId = requireViewer(ctx.viewer, ctx.tenantId).id;
  await requireManageableApp(db, tenantId, viewerId, appId);
  const subscriptions = await selectSubscriptionsOfApp(db, tenantId, appId);
  if (subscriptions.some((s) => LIVE_SUBSCRIPTION.has(s.status))) {
    throw new AppError("CONFLICT", "Unsubscribe this app from its APIs before deleting it");
  }
  const keys = await selectKeysOfApp(db, tenantId, appId);
  await deleteAppRow(db, tenantId, appId);
  for (const k of keys) announceGatewayChange({ kind: "key", keyHash: k.key_hash });
  announceGatewayChange({ kind: "app", appId });
}

export async function listAppKeys(ctx: UseCaseContext, appId: string): Promise<AppKey[]> {
  const { db, tenantId } = ctx;
  const viewerId = requireViewer(ctx.viewer, ctx.tenantId).id;
  await requireManageableApp(db, tenantId, viewerId, appId);
  const now = Date.now();
  return (await selectKeysOfApp(db, tenantId, appId)).map((k) => toAppKey(k, now));
}

export function newKeyRow(tenantId: string, appId: string, name: string, secret: string, now: number): AppKeyRow {
  return {
    id: newId("key"),
    tenant_id: tenantId,
    app_id: appId,
    name,
    key_hash: hashApiKey(secret),
    key_prefix: displayPrefix(secret),
    created_at: now,
    expires_at: null,
    revoked_at: null,
    replaced_by: null,
  };
}

/** Issues a key for the app; the full key is in the result only (stored as a hash). */
export async function createAppKey(ctx: UseCaseContext, appId: string, name?: string | null): Promise<IssuedKey> {
  const { db, tenantId } = ctx;
  const viewerId = requireViewer(ctx.viewer, ctx.tenantId).id;
  await requireManageableApp(db, tenantId, viewerId, appId);
  const now = Date.now();
  const keys = await selectKeysOfApp(db, tenantId, appId);
  const usable = keys.filter((k) => keyStatus(k, now) === "ACTIVE" || keyStatus(k, now) === "EXPIRING");
  if (usable.length >= APP_LIMITS.maxActiveKeysPerApp) {
    throw new AppError("CONFLICT", `An app can have at most ${APP_LIMITS.maxActiveKeysPerApp} active keys`);
  }
  const keyName = parseOrFail(keyNameInput, name ?? `Key ${keys.length + 1}`, "name");
  const secret = generateApiKey();
  const row = newKeyRow(tenantId, appId, keyName, secret, now);
  await insertKey(db, row);
  return { key: toAppKey(row, now), secret };
}

/**
 * Rotates a key: a new key is issued, and the old one keeps working for `overlapSeconds` (default one day) so
 * deployed clients can switch without downtime; 0 ends it at once.
 */
export async function rotateAppKey(
  ctx: UseCaseContext,
  keyId: string,
  overlapSeconds: number = DEFAULT_ROTATION_OVERLAP_SECONDS,
): Promise<IssuedKey> {
  const { db, tenantId } = ctx;
  const viewerId = requireViewer(ctx.viewer, ctx.tenantId).id;
  const old = await selectKeyById(db, tenantId, keyId);
  if (!old) throw new AppError("NOT_FOUND", "Key not found");
  await requireManageableApp(db, tenantId, viewerId, old.app_id);
  const now = Date.now();
  if (keyStatus(old, now) !== "ACTIVE") throw new AppError("CONFLICT", "Only an active key can be rotated");
  if (!Number.isInteger(overlapSeconds) || overlapSeconds < 0 || overlapSeconds > APP_LIMITS.maxOverlapSeconds) {
    throw new AppError("BAD_REQUEST", `The overlap is between 0 and ${APP_LIMITS.maxOverlapSeconds} seconds`, {
      field: "overlapSeconds",
    });
  }
  const secret = generateApiKey();
  const row = newKeyRow(tenantId, old.app_id, old.name, secret, now);
  await rotateKeyRows(db, tenantId, old.id, row, now + overlapSeconds * 1000);
  announceGatewayChange({ kind: "key", keyHash: old.key_hash });
  return { key: toAppKey(row, now), secret };
}

/** Revokes a key; the gateway refuses it within seconds (at once in this process). */
export async function revokeAppKey(ctx: UseCaseContext, keyId: string): Promise<AppKey> {
  const { db, tenantId } = ctx;
  const viewerId = requireViewer(ctx.viewer, ctx.tenantId).id;
  const key = await selectKeyById(db, tenantId, keyId);
  if (!key) throw new AppError("NOT_FOUND", "Key not found");
  await requireManageableApp(db, tenantId, viewerId, key.app_id);
  await revokeKeyRow(db, tenantId, keyId, Date.now());
  announceGatewayChange({ kind: "key", keyHash: key.key_hash });
  const updated = await selectKeyById(db, tenantId, keyId);
  if (!updated) throw new AppError("NOT_FOUND", "Key not found");
  return toAppKey(updated);
}
