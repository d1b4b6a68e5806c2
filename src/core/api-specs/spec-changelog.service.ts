import { z } from "zod";
import { requireVisibleApi } from "../access/private-apis.service";
import { parseInput } from "../accounts/validation";
import type { SpecDiff } from "../specs/diff-endpoints";
import type { UseCaseContext } from "../use-case-context";
import { countVersionChanges, selectVersionChanges } from "./spec-changes.queries";

/** One entry of an API's changelog: what a version changed against the one before it. */
export interface ChangelogEntry {
  versionId: string;
  version: string;
  previousVersion: string | null;
  breakingCount: number;
  changeCount: number;
  diff: SpecDiff;
  createdAt: number;
}

export interface ChangelogPage {
  items: ChangelogEntry[];
  total: number;
  offset: number;
  limit: number;
}

const EMPTY_DIFF: SpecDiff = { added: [], removed: [], changed: [], unchanged: 0, breakingCount: 0 };

function parseDiff(text: string): SpecDiff {
  try {
    const parsed = JSON.parse(text) as Partial<SpecDiff>;
    return {
      added: parsed.added ?? [],
      removed: parsed.removed ?? [],
      changed: (parsed.changed ?? []).map((c) => ({ ...c, changes: c.changes ?? [], breaking: c.breaking ?? false })),
      unchanged: parsed.unchanged ?? 0,
      breakingCount: parsed.breakingCount ?? 0,
    };
  } catch {
    return EMPTY_DIFF;
  }
}

const pageSchema = z.object({
  offset: z.number().int().min(0).max(100_000).default(0),
  limit: z.number().int().min(1).max(50).default(10),
});

/** An API's changelog, newest version first, for anyone who may see the API. */
export async function listApiChangelog(
  ctx: UseCaseContext,
  apiId: string,
  page: { offset?: number | null; limit?: number | null } = {},
): Promise<ChangelogPage> {
  const { db, tenantId } = ctx;
  await requireVisibleApi(ctx, apiId);
  const { offset, limit } = parseInput(pageSchema, {
    offset: page.offset ?? undefined,
    limit: page.limit ?? undefined,
  });
  const [rows, total] = await Promise.all([
    selectVersionChanges(db, tenantId, apiId, { offset, limit }),
    countVersionChanges(db, tenantId, apiId),
  ]);
  return {
    items: rows.map((r) => ({
      versionId: r.version_id,
      version: r.version,
      previousVersion: r.previous_version,
      breakingCount: Number(r.breaking_count),
      changeCount: Number(r.change_count),
      diff: parseDiff(r.diff_json),
      createdAt: Number(r.created_at),
    })),
    total,
    offset,
    limit,
  };
}

/** How many changes a diff holds (added, removed, and each change of a changed operation). */
export function changeCountOf(diff: SpecDiff): number {
  return diff.added.length + diff.removed.length + diff.changed.reduce((n, c) => n + Math.max(1, c.changes.length), 0);
}
