import { z } from "zod";
import { SOURCE_CATALOG } from "../../common/i18n/catalogs";
import { flattenMessages } from "../../common/i18n/message-keys";
import { newId } from "../../common/ids";
import { parseTenantConfig, type TenantConfig, tenantConfigSchema } from "../../common/tenant-config";
import type { Db } from "../../db/connection";
import { inTransaction } from "../../db/executor";
import { assertTenantAdmin } from "../accounts/accounts.policy";
import type { Viewer } from "../accounts/accounts.types";
import { parseInput } from "../accounts/validation";
import { AppError } from "../errors/app-error";
import type { UseCaseContext } from "../use-case-context";
import { changedPaths } from "./config-diff";
import { announceTenantConfigChange } from "./tenant-changes";
import {
  insertConfigVersion,
  lockTenantRow,
  selectConfigVersion,
  selectConfigVersions,
  selectLatestVersionNumber,
  selectTenantConfigText,
  updateTenantConfigText,
} from "./tenant-settings.queries";

/*
 * /admin "Tenant settings" (ADMIN_PANEL_ACCESS, decision 120): read, save and restore the tenant's configuration.
 * Every save is validated by the one tenant config schema (src/common/tenant-config.ts), stored as a new version
 * with its author and the settings it changed, and announced so every instance applies it at once.
 */

export const STALE_SETTINGS = "The settings were changed by someone else meanwhile. Reload to see them.";
export const UNKNOWN_STRING_KEY = "There is no text with the key {key}";
export const HISTORY_LIMIT = 50;

export interface TenantSettings {
  config: TenantConfig;
  /** The latest saved version's number; 0 when the configuration was never changed through /admin. */
  version: number;
}

export interface TenantConfigVersion {
  id: string;
  version: number;
  changes: string[];
  changedByName: string | null;
  revertedFrom: number | null;
  createdAt: number;
}

const saveSchema = z.object({
  config: z.unknown(),
  baseVersion: z.number().int().min(0).nullish(),
});
const revertSchema = z.object({ versionId: z.string().trim().min(1, "Choose a version").max(100) });

let knownKeys: Set<string> | null = null;

/** Custom strings may only override texts the interface has (a typo would silently override nothing). */
function assertKnownStringKeys(config: TenantConfig): void {
  knownKeys ??= new Set(Object.keys(flattenMessages(SOURCE_CATALOG)));
  for (const [locale, strings] of Object.entries(config.strings)) {
    for (const key of Object.keys(strings ?? {})) {
      if (!knownKeys.has(key)) {
        throw new AppError("BAD_REQUEST", UNKNOWN_STRING_KEY.replace("{key}", key), {
          fields: { [`strings.${locale}.${key}`]: UNKNOWN_STRING_KEY.replace("{key}", key) },
        });
      }
    }
  }
}

function readConfig(text: string | undefined, tenantId: string): TenantConfig {
  if (text === undefined) throw new AppError("NOT_FOUND", `Unknown tenant '${tenantId}'`);
  return parseTenantConfig(JSON.parse(text));
}

/** The current configuration with every default filled in, and its version number. */
export async function getTenantSettings(ctx: UseCaseContext): Promise<TenantSettings> {
  const { db, tenantId, viewer } = ctx;
  assertTenantAdmin(viewer, tenantId);
  const [text, version] = await Promise.all([
    selectTenantConfigText(db.kysely, tenantId),
    selectLatestVersionNumber(db.kysely, tenantId),
  ]);
  return { config: readConfig(text, tenantId), version };
}

/**
 * Saves a whole configuration. `baseVersion` is the version the form was loaded from: when someone saved meanwhile
 * the save is CONFLICT (STALE_SETTINGS) rather than silently undoing their change. A save that changes nothing
 * stores no version.
 */
export async function saveTenantSettings(
  ctx: UseCaseContext,
  input: unknown,
): Promise<TenantSettings & { changes: string[] }> {
  const { db, tenantId, viewer } = ctx;
  const admin = assertTenantAdmin(viewer, tenantId);
  const { config: raw, baseVersion } = parseInput(saveSchema, input);
  const config = parseInput(tenantConfigSchema, raw ?? {});
  assertKnownStringKeys(config);
  return writeVersion(db, tenantId, admin, config, { baseVersion: baseVersion ?? null, revertedFrom: null });
}

/** Restores an earlier version as a new version (history is never rewritten). */
export async function revertTenantSettings(
  ctx: UseCaseContext,
  input: unknown,
): Promise<TenantSettings & { changes: string[] }> {
  const { db, tenantId, viewer } = ctx;
  const admin = assertTenantAdmin(viewer, tenantId);
  const { versionId } = parseInput(revertSchema, input);
  const target = await selectConfigVersion(db.kysely, tenantId, versionId);
  if (!target) throw new AppError("NOT_FOUND", "Version not found");
  // Parsed again: defaults added since that version was saved are filled in.
  const config = parseTenantConfig(JSON.parse(target.config));
  return writeVersion(db, tenantId, admin, config, { baseVersion: null, revertedFrom: target.version });
}

async function writeVersion(
  db: Db,
  tenantId: string,
  admin: Viewer,
  config: TenantConfig,
  opts: { baseVersion: number | null; revertedFrom: number | null },
): Promise<TenantSettings & { changes: string[] }> {
  const result = await inTransaction(db, async (trx) => {
    await lockTenantRow(trx, tenantId, db.dialect);
    const current = readConfig(await selectTenantConfigText(trx, tenantId), tenantId);
    let latest = await selectLatestVersionNumber(trx, tenantId);
    if (opts.baseVersion !== null && opts.baseVersion !== latest) throw new AppError("CONFLICT", STALE_SETTINGS);
    const changes = changedPaths(current, config);
    if (changes.length === 0) return { config: current, version: latest, changes };
    const now = Date.now();
    if (latest === 0) {
      // The configuration the tenant had before its first change through /admin, so it can be restored too.
      latest = 1;
      await insertConfigVersion(trx, tenantId, {
        id: newId("tcv"),
        version: latest,
        config: JSON.stringify(current),
        changes: "[]",
        changed_by: null,
        changed_by_name: null,
        reverted_from: null,
        created_at: now,
      });
    }
    const version = latest + 1;
    await insertConfigVersion(trx, tenantId, {
      id: newId("tcv"),
      version,
      config: JSON.stringify(config),
      changes: JSON.stringify(changes),
      changed_by: admin.id,
      changed_by_name: admin.username,
      reverted_from: opts.revertedFrom,
      created_at: now,
    });
    await updateTenantConfigText(trx, tenantId, JSON.stringify(config));
    return { config, version, changes };
  });
  if (result.changes.length > 0) announceTenantConfigChange(tenantId);
  return result;
}

/** The newest versions first (at most HISTORY_LIMIT). */
export async function listTenantSettingsVersions(ctx: UseCaseContext): Promise<TenantConfigVersion[]> {
  const { db, tenantId, viewer } = ctx;
  assertTenantAdmin(viewer, tenantId);
  const rows = await selectConfigVersions(db.kysely, tenantId, HISTORY_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    version: Number(r.version),
    changes: JSON.parse(r.changes) as string[],
    changedByName: r.changed_by_name,
    revertedFrom: r.reverted_from === null ? null : Number(r.reverted_from),
    createdAt: Number(r.created_at),
  }));
}
