import { z } from "zod";
import { requireVisibleApi } from "../access/private-apis.service";
import { parseInput } from "../accounts/validation";
import { AppError } from "../errors/app-error";
import { diffEndpoints, type SpecDiff } from "../specs/diff-endpoints";
import { comparableOperation } from "../specs/prepare-spec";
import type { UseCaseContext } from "../use-case-context";
import { selectEndpointsForDiff, selectVersions } from "./api-specs.queries";

export interface ComparedVersion {
  id: string;
  version: string;
  createdAt: number;
}

/** What changed from one stored version of an API's spec to another ("what changed since"). */
export interface VersionComparison {
  from: ComparedVersion;
  to: ComparedVersion;
  diff: SpecDiff;
}

const compareSchema = z.object({
  apiId: z.string().min(1).max(64),
  fromVersionId: z.string().min(1, "Choose a version").max(64),
  toVersionId: z.string().min(1, "Choose a version").max(64),
});

/**
 * Compares any two versions of an API the viewer may see, with the same rules as the changelog's entries (an import
 * compares a version with the one before it; here any pair, older or newer in either order). Both versions' stored
 * operations are compared, so nothing is parsed again.
 */
export async function compareApiVersions(ctx: UseCaseContext, input: unknown): Promise<VersionComparison> {
  const data = parseInput(compareSchema, input);
  await requireVisibleApi(ctx, data.apiId);
  const versions = await selectVersions(ctx.db, ctx.tenantId, data.apiId);
  const find = (id: string): ComparedVersion => {
    const row = versions.find((v) => v.id === id);
    if (!row) throw new AppError("NOT_FOUND", "Spec version not found");
    return { id: row.id, version: row.version, createdAt: Number(row.created_at) };
  };
  const from = find(data.fromVersionId);
  const to = find(data.toVersionId);
  const [before, after] = await Promise.all([
    selectEndpointsForDiff(ctx.db, ctx.tenantId, from.id),
    selectEndpointsForDiff(ctx.db, ctx.tenantId, to.id),
  ]);
  return { from, to, diff: diffEndpoints(before.map(comparableOperation), after.map(comparableOperation)) };
}
