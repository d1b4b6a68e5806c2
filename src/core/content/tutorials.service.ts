import { newId } from "../../common/ids";
import { sanitizeSlug } from "../../common/slug";
import type { Db, DbTransaction } from "../../db/connection";
import { inTransaction } from "../../db/executor";
import { requireVisibleApi } from "../access/private-apis.service";
import type { Viewer } from "../accounts/accounts.types";
import { parseInput } from "../accounts/validation";
import { AppError } from "../errors/app-error";
import { recordEvent } from "../events/events.service";
import type { TutorialEventType } from "../events/events.types";
import { notifyTutorialPublished } from "../notifications/event-notifications";
import type { UseCaseContext } from "../use-case-context";
import { requireApiEditor, seesUnpublished } from "./content.policy";
import { type RenderedMarkdown, renderContentMarkdown } from "./content-markdown";
import {
  TUTORIAL_MESSAGES,
  type TutorialInput,
  type TutorialUpdate,
  tutorialInputSchema,
  tutorialUpdateSchema,
} from "./tutorial-validation";
import {
  deleteTutorialRow,
  insertTutorial,
  selectNextTutorialPosition,
  selectTutorial,
  selectTutorialSlugs,
  selectTutorialsOfApi,
  type TutorialRecord,
  updateTutorialRow,
} from "./tutorials.queries";

export interface Tutorial {
  id: string;
  apiId: string;
  slug: string;
  title: string;
  thumbnailUrl: string | null;
  /** Markdown source. */
  body: string;
  draft: boolean;
  publishedAt: number | null;
  position: number;
  authorUsername: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface TutorialLink {
  slug: string;
  title: string;
}

/** Spec section 2 tutorial detail: the tutorial, rendered, with previous / next in reading order. */
export interface TutorialPage {
  tutorial: Tutorial;
  rendered: RenderedMarkdown;
  previous: TutorialLink | null;
  next: TutorialLink | null;
  canEdit: boolean;
}

function toTutorial(row: TutorialRecord): Tutorial {
  return {
    id: row.id,
    apiId: row.api_id,
    slug: row.slug,
    title: row.title,
    thumbnailUrl: row.thumbnail_url,
    body: row.body,
    draft: row.draft === 1,
    publishedAt: row.published_at === null ? null : Number(row.published_at),
    position: row.position,
    authorUsername: row.author_username,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

function notFound(): never {
  throw new AppError("NOT_FOUND", TUTORIAL_MESSAGES.notFound);
}

async function track(
  db: Db,
  tenantId: string,
  viewer: Viewer,
  type: TutorialEventType,
  row: { api_id: string; id: string },
) {
  await recordEvent(db, tenantId, {
    type,
    payload: { api_id: row.api_id, tutorial_id: row.id },
    userId: viewer.id,
    sessionId: viewer.sessionId,
  });
}

/** A slug from the title, unique within the API (-2, -3... when taken). */
async function uniqueSlug(db: Db, tenantId: string, apiId: string, title: string): Promise<string> {
  const base = sanitizeSlug(title).slice(0, 80).replace(/-+$/, "") || "tutorial";
  // "new" is the editor's path segment (/tutorials/new), so no tutorial may take it.
  const taken = new Set([...(await selectTutorialSlugs(db, tenantId, apiId, base)), "new"]);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

async function requireTutorialForEditor(db: Db, tenantId: string, viewer: Viewer | null, id: string) {
  const row = await selectTutorial(db, tenantId, id);
  if (!row) notFound();
  const { viewer: editor } = await requireApiEditor(db, tenantId, viewer, row.api_id);
  return { row, editor };
}

/** An API's tutorials in reading order: published ones for everyone, drafts too for its editors. */
export async function listTutorials(ctx: UseCaseContext, apiId: string): Promise<Tutorial[]> {
  const { db, tenantId, viewer } = ctx;
  await requireVisibleApi(ctx, apiId);
  const editor = await seesUnpublished(db, tenantId, viewer, apiId);
  return (await selectTutorialsOfApi(db, tenantId, apiId, editor)).map(toTutorial);
}

/**
 * One tutorial by slug with previous / next among the tutorials the viewer may read. A draft is 'Tutorial Not Found'
 * for anyone but the API's editors.
 */
export async function getTutorialPage(ctx: UseCaseContext, apiId: string, slug: string): Promise<TutorialPage> {
  const { db, tenantId, viewer } = ctx;
  await requireVisibleApi(ctx, apiId).catch(() => notFound());
  const canEdit = await seesUnpublished(db, tenantId, viewer, apiId);
  const rows = await selectTutorialsOfApi(db, tenantId, apiId, canEdit);
  const at = rows.findIndex((r) => r.slug === slug);
  const row = rows[at];
  if (!row) notFound();
  const link = (r: TutorialRecord | undefined): TutorialLink | null => (r ? { slug: r.slug, title: r.title } : null);
  return {
    tutorial: toTutorial(row),
    rendered: await renderContentMarkdown(row.body),
    previous: link(rows[at - 1]),
    next: link(rows[at + 1]),
    canEdit,
  };
}

/** A tutorial for its editor form (drafts included); NOT_FOUND / FORBIDDEN as for any change. */
export async function getTutorialForEdit(ctx: UseCaseContext, id: string): Promise<Tutorial> {
  const { db, tenantId, viewer } = ctx;
  const { row } = await requireTutorialForEditor(db, tenantId, viewer, id);
  return toTutorial(row);
}

function notifyPublished(
  trx: DbTransaction,
  tenantId: string,
  row: { id: string; api_id: string; title: string; slug: string },
  authorId: string,
  now: number,
) {
  return notifyTutorialPublished(
    trx,
    tenantId,
    { apiId: row.api_id, tutorial: { id: row.id, title: row.title, slug: row.slug }, authorId },
    now,
  );
}

/** Creates a tutorial at the end of the API's list; records a TutorialAdded event. */
export async function createTutorial(
  ctx: UseCaseContext,
  apiId: string,
  input: TutorialInput,
  now = Date.now(),
): Promise<Tutorial> {
  const { db, tenantId, viewer } = ctx;
  const { viewer: editor } = await requireApiEditor(db, tenantId, viewer, apiId);
  const fields = parseInput(tutorialInputSchema, input);
  const row = {
    id: newId("tut"),
    tenant_id: tenantId,
    api_id: apiId,
    title: fields.title,
    slug: await uniqueSlug(db, tenantId, apiId, fields.title),
    thumbnail_url: fields.thumbnailUrl,
    body: fields.body,
    draft: fields.draft ? (1 as const) : (0 as const),
    published_at: fields.draft ? null : now,
    position: await selectNextTutorialPosition(db, tenantId, apiId),
    author_id: editor.id,
    created_at: now,
    updated_at: now,
  };
  // The tutorial and its followers' notifications commit together (decision 085).
  const insert = () =>
    inTransaction(db, async (trx) => {
      await insertTutorial(trx, row);
      if (!row.draft) await notifyPublished(trx, tenantId, row, editor.id, now);
    });
  try {
    await insert();
  } catch (error) {
    // Two tutorials with the same title created at once: the unique index refuses one; retry with a random suffix.
    row.slug = `${row.slug.slice(0, 80)}-${newId("x").slice(2, 8)}`;
    await insert().catch(() => {
      throw error;
    });
  }
  await track(db, tenantId, editor, "TutorialAdded", row);
  return toTutorial({ ...row, author_username: editor.username });
}

/**
 * Edits a tutorial; the slug stays (links keep working). Publishing stamps the first publication date; going back to
 * draft keeps it. Records a TutorialUpdated event.
 */
export async function updateTutorial(
  ctx: UseCaseContext,
  id: string,
  input: TutorialUpdate,
  now = Date.now(),
): Promise<Tutorial> {
  const { db, tenantId, viewer } = ctx;
  const { row, editor } = await requireTutorialForEditor(db, tenantId, viewer, id);
  const fields = parseInput(tutorialUpdateSchema, input);
  const draft = fields.draft === undefined ? row.draft : fields.draft ? 1 : 0;
  const changes = {
    ...(fields.title !== undefined ? { title: fields.title } : {}),
    ...("thumbnailUrl" in input ? { thumbnail_url: fields.thumbnailUrl ?? null } : {}),
    ...(fields.body !== undefined ? { body: fields.body } : {}),
    draft: draft as 0 | 1,
    published_at: draft === 0 ? (row.published_at ?? now) : row.published_at,
    updated_at: now,
  };
  await inTransaction(db, async (trx) => {
    await updateTutorialRow(trx, tenantId, id, changes);
    // The first publication tells the followers; the dedup key keeps later edits and re-publishing quiet.
    if (draft === 0) await notifyPublished(trx, tenantId, { ...row, ...changes }, editor.id, now);
  });
  await track(db, tenantId, editor, "TutorialUpdated", row);
  return toTutorial({ ...row, ...changes });
}

/** Deletes a tutorial; records a TutorialDeleted event. */
export async function deleteTutorial(ctx: UseCaseContext, id: string): Promise<boolean> {
  const { db, tenantId, viewer } = ctx;
  const { row, editor } = await requireTutorialForEditor(db, tenantId, viewer, id);
  await deleteTutorialRow(db, tenantId, id);
  await track(db, tenantId, editor, "TutorialDeleted", row);
  return true;
}
