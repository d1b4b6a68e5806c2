import { newId } from "../../common/ids";
import type { Db } from "../../db/connection";
import { requireVisibleApi } from "../access/private-apis.service";
import type { Viewer } from "../accounts/accounts.types";
import { AppError } from "../errors/app-error";
import type { UseCaseContext } from "../use-case-context";
import { requireApiEditor, seesUnpublished } from "./content.policy";
import type { FileStorage } from "./file-storage";
import {
  fileExtension,
  type SpotlightFileLimits,
  spotlightFileType,
  type UploadedFile,
  validateSpotlight,
} from "./spotlight-validation";
import {
  deleteSpotlightRow,
  insertSpotlight,
  type SpotlightRecord,
  selectNextSpotlightPosition,
  selectSpotlight,
  selectSpotlightOrder,
  selectSpotlightsOfApi,
  setSpotlightPosition,
  updateSpotlightRow,
} from "./spotlights.queries";

export const SPOTLIGHT_NOT_FOUND = "Spotlight not found";

/** Spec section 4: draft (being written), published, or unpublished (taken down after publishing). */
export type SpotlightState = "draft" | "published" | "unpublished";

export interface Spotlight {
  id: string;
  apiId: string;
  title: string;
  description: string | null;
  url: string | null;
  hasFile: boolean;
  fileName: string | null;
  fileType: string | null;
  /** Whether the uploaded file is a raster image shown inline. */
  fileIsImage: boolean;
  state: SpotlightState;
  published: boolean;
  draft: boolean;
  position: number;
  createdAt: number;
  updatedAt: number;
}

export interface SpotlightInput {
  title?: string | null;
  description?: string | null;
  url?: string | null;
  /** Defaults to "draft" on create and to the current state on update. */
  state?: SpotlightState;
  /** Update only: drop the stored file (a URL must then be given). */
  removeFile?: boolean;
}

export interface SpotlightDeps {
  storage: FileStorage;
  limits: SpotlightFileLimits;
}

function stateOf(row: Pick<SpotlightRecord, "published" | "draft">): SpotlightState {
  if (row.published === 1 && row.draft === 0) return "published";
  return row.draft === 1 ? "draft" : "unpublished";
}

function flagsOf(state: SpotlightState): { published: 0 | 1; draft: 0 | 1 } {
  if (state === "published") return { published: 1, draft: 0 };
  return state === "draft" ? { published: 0, draft: 1 } : { published: 0, draft: 0 };
}

function toSpotlight(row: SpotlightRecord): Spotlight {
  const ext = row.file_path ? fileExtension(row.file_path) : "";
  return {
    id: row.id,
    apiId: row.api_id,
    title: row.title,
    description: row.description,
    url: row.url,
    hasFile: !!row.file_path,
    fileName: row.file_name,
    fileType: row.file_type,
    fileIsImage: !!row.file_path && spotlightFileType(ext).inline,
    state: stateOf(row),
    published: row.published === 1 && row.draft === 0,
    draft: row.draft === 1,
    position: row.position,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at ?? row.created_at),
  };
}

function parseState(value: unknown, fallback: SpotlightState): SpotlightState {
  if (value === undefined || value === null) return fallback;
  if (value === "draft" || value === "published" || value === "unpublished") return value;
  throw new AppError("BAD_REQUEST", "State must be draft, published or unpublished");
}

/** Storage keys are built from ids only; the tenant id is reduced to safe characters. */
function storageKey(tenantId: string, spotlightId: string, extension: string): string {
  const tenant = tenantId.replace(/[^A-Za-z0-9_-]/g, "_") || "_";
  const nonce = newId("f").slice(2, 10);
  return `${tenant}/spotlights/${spotlightId}-${nonce}.${extension}`;
}

/** A file name safe to echo in Content-Disposition and the UI. */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "file";
  return base.replace(/[^\p{L}\p{N}._ -]/gu, "_").slice(0, 120) || "file";
}

async function requireSpotlightForEditor(db: Db, tenantId: string, viewer: Viewer | null, id: string) {
  const row = await selectSpotlight(db, tenantId, id);
  if (!row) throw new AppError("NOT_FOUND", SPOTLIGHT_NOT_FOUND);
  await requireApiEditor(db, tenantId, viewer, row.api_id);
  return row;
}

/** An API's spotlights in order: published ones for everyone, all (drafts, unpublished) for its editors. */
export async function listSpotlights(
  ctx: UseCaseContext,
  apiId: string,
  options: { includeUnpublished?: boolean } = {},
): Promise<Spotlight[]> {
  const { db, tenantId, viewer } = ctx;
  await requireVisibleApi(ctx, apiId);
  const all = options.includeUnpublished === true && (await seesUnpublished(db, tenantId, viewer, apiId));
  return (await selectSpotlightsOfApi(db, tenantId, apiId, !all)).map(toSpotlight);
}

/** Creates a spotlight at the end of the API's row; the file, if any, is stored before the row is written. */
export async function createSpotlight(
  ctx: UseCaseContext,
  apiId: string,
  input: SpotlightInput,
  file: UploadedFile | null,
  deps: SpotlightDeps,
  now = Date.now(),
): Promise<Spotlight> {
  const { db, tenantId, viewer } = ctx;
  await requireApiEditor(db, tenantId, viewer, apiId);
  const fields = validateSpotlight(input, file, deps.limits);
  const state = parseState(input.state, "draft");
  const id = newId("spl");
  let filePath: string | null = null;
  if (file) {
    filePath = storageKey(tenantId, id, fileExtension(file.name));
    await deps.storage.put(filePath, file.bytes);
  }
  const row: SpotlightRecord = {
    id,
    tenant_id: tenantId,
    api_id: apiId,
    title: fields.title,
    description: fields.description,
    url: fields.url,
    file_path: filePath,
    file_name: file ? cleanFileName(file.name) : null,
    file_type: file ? spotlightFileType(fileExtension(file.name)).contentType : null,
    file_size: file ? file.bytes.byteLength : null,
    ...flagsOf(state),
    position: await selectNextSpotlightPosition(db, tenantId, apiId),
    created_at: now,
    updated_at: now,
  };
  try {
    await insertSpotlight(db, row);
  } catch (error) {
    if (filePath) await deps.storage.delete(filePath);
    throw error;
  }
  return toSpotlight(row);
}

/** Edits a spotlight; a new file replaces the stored one, `removeFile` drops it (a URL is then required). */
export async function updateSpotlight(
  ctx: UseCaseContext,
  id: string,
  input: SpotlightInput,
  file: UploadedFile | null,
  deps: SpotlightDeps,
  now = Date.now(),
): Promise<Spotlight> {
  const { db, tenantId, viewer } = ctx;
  const row = await requireSpotlightForEditor(db, tenantId, viewer, id);
  const keepsFile = !!row.file_path && !input.removeFile && !file;
  const fields = validateSpotlight(
    {
      title: input.title === undefined ? row.title : input.title,
      description: input.description === undefined ? row.description : input.description,
      url: input.url === undefined ? row.url : input.url,
    },
    file,
    deps.limits,
    keepsFile,
  );
  const state = parseState(input.state, stateOf(row));
  let filePath = keepsFile ? row.file_path : null;
  if (file) {
    filePath = storageKey(tenantId, id, fileExtension(file.name));
    await deps.storage.put(filePath, file.bytes);
  }
  const fileChanges =
    filePath === row.file_path
      ? {}
      : {
          file_path: filePath,
          file_name: file ? cleanFileName(file.name) : null,
          file_type: file ? spotlightFileType(fileExtension(file.name)).contentType : null,
          file_size: file ? file.bytes.byteLength : null,
        };
  await updateSpotlightRow(db, tenantId, id, {
    title: fields.title,
    description: fields.description,
    url: fields.url,
    ...fileChanges,
    ...flagsOf(state),
    updated_at: now,
  });
  if (row.file_path && row.file_path !== filePath) await deps.storage.delete(row.file_path);
  const updated = await selectSpotlight(db, tenantId, id);
  if (!updated) throw new AppError("NOT_FOUND", SPOTLIGHT_NOT_FOUND);
  return toSpotlight(updated);
}

/** Publishes, unpublishes or returns a spotlight to draft. */
export async function setSpotlightState(
  ctx: UseCaseContext,
  id: string,
  stateInput: unknown,
  now = Date.now(),
): Promise<Spotlight> {
  const { db, tenantId, viewer } = ctx;
  const row = await requireSpotlightForEditor(db, tenantId, viewer, id);
  const state = parseState(stateInput, stateOf(row));
  await updateSpotlightRow(db, tenantId, id, { ...flagsOf(state), updated_at: now });
  return toSpotlight({ ...row, ...flagsOf(state), updated_at: now });
}

/** Deletes a spotlight and its stored file. */
export async function deleteSpotlight(
  ctx: UseCaseContext,
  id: string,
  deps: Pick<SpotlightDeps, "storage">,
): Promise<boolean> {
  const { db, tenantId, viewer } = ctx;
  const row = await requireSpotlightForEditor(db, tenantId, viewer, id);
  await deleteSpotlightRow(db, tenantId, id);
  if (row.file_path) await deps.storage.delete(row.file_path);
  return true;
}

/**
 * Spec "ordering (move left/right)": swaps the spotlight with its neighbour. Runs in one transaction that also
 * renumbers the row 0..n-1, so equal or gapped positions left by older data cannot make a move a no-op.
 */
export async function moveSpotlight(
  ctx: UseCaseContext,
  id: string,
  direction: "left" | "right",
): Promise<Spotlight[]> {
  const { db, tenantId, viewer } = ctx;
  if (direction !== "left" && direction !== "right")
    throw new AppError("BAD_REQUEST", "Direction must be left or right");
  const row = await requireSpotlightForEditor(db, tenantId, viewer, id);
  await db.kysely.transaction().execute(async (trx) => {
    const order = await selectSpotlightOrder(trx, tenantId, row.api_id, db.dialect === "postgres");
    const ids = order.map((r) => r.id);
    const at = ids.indexOf(id);
    const to = direction === "left" ? at - 1 : at + 1;
    if (at >= 0 && to >= 0 && to < ids.length) {
      const neighbour = ids[to];
      if (neighbour !== undefined) {
        ids[to] = id;
        ids[at] = neighbour;
      }
    }
    for (const [position, spotlightId] of ids.entries()) {
      if (order[position]?.id !== spotlightId || order[position]?.position !== position) {
        await setSpotlightPosition(trx, tenantId, spotlightId, position);
      }
    }
  });
  return (await selectSpotlightsOfApi(db, tenantId, row.api_id, false)).map(toSpotlight);
}

/**
 * The stored file of a spotlight, for the download route: published spotlights for anyone who may see the API,
 * drafts only for its editors. Null when there is nothing to serve (the route answers 404).
 */
export async function getSpotlightFile(
  ctx: UseCaseContext,
  id: string,
  storage: FileStorage,
): Promise<{ bytes: Uint8Array; contentType: string; inline: boolean; fileName: string } | null> {
  const { db, tenantId, viewer } = ctx;
  const row = await selectSpotlight(db, tenantId, id);
  if (!row?.file_path) return null;
  try {
    await requireVisibleApi(ctx, row.api_id);
  } catch {
    return null;
  }
  if (stateOf(row) !== "published" && !(await seesUnpublished(db, tenantId, viewer, row.api_id))) return null;
  const bytes = await storage.get(row.file_path);
  if (!bytes) return null;
  const type = spotlightFileType(fileExtension(row.file_path));
  return { bytes, contentType: type.contentType, inline: type.inline, fileName: row.file_name ?? "file" };
}
