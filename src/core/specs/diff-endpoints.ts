import { canonicalJsonOf } from "./canonical-json";
import { RefComparison } from "./ref-changes";
import {
  type ComparedPart,
  compareParameters,
  compareRequestBodies,
  compareResponses,
  type OperationChange,
  type SchemaRefs,
} from "./spec-change-rules";

export type { ComparedPart, OperationChange };

/**
 * What a re-import changed, by operation (method + path). A removed operation is always breaking, an added one never;
 * a changed one lists its changes, each breaking or not (spec-change-rules.ts).
 */
export interface SpecDiff {
  added: DiffOperation[];
  removed: DiffOperation[];
  changed: ChangedOperation[];
  unchanged: number;
  /** Removed operations plus the breaking changes of changed ones. */
  breakingCount: number;
}

export interface DiffOperation {
  method: string;
  path: string;
  summary: string | null;
}

export interface ChangedOperation extends DiffOperation {
  /** Which parts differ, in this order: summary, parameters, requestBody, responses. */
  parts: ComparedPart[];
  /** What changed in those parts, each breaking or not. */
  changes: OperationChange[];
  breaking: boolean;
}

/** The parts of an operation a diff compares (both the stored rows and a fresh normalization provide them). */
export interface ComparableOperation {
  method: string;
  path: string;
  summary: string | null;
  parameters: unknown;
  requestBody: unknown;
  responses: unknown;
}

const PARTS: readonly ComparedPart[] = ["summary", "parameters", "requestBody", "responses"];

/** The previous and the next document, where the operations' `$ref`s resolve (shared components). */
export interface DiffDocuments {
  before: unknown;
  after: unknown;
}

/**
 * Added, removed and changed operations between two versions; "changed" is the same method and path with a
 * different summary, parameters, request body or responses (compared as JSON with keys in a stable order, so a
 * reordered object is not a change; a reordered parameter list is). With the two documents, a part whose text is the
 * same but which uses a component (`$ref`) that changed between them is changed too, and classified on the resolved
 * schemas.
 */
export function diffEndpoints(
  previous: readonly ComparableOperation[],
  next: readonly ComparableOperation[],
  documents?: DiffDocuments,
): SpecDiff {
  const comparison = documents ? new RefComparison(documents.before, documents.after) : null;
  const refs: SchemaRefs | undefined = comparison ? { comparison, visiting: new Set() } : undefined;
  const before = new Map(previous.map((op) => [operationKey(op), op]));
  const after = new Map(next.map((op) => [operationKey(op), op]));
  const diff: SpecDiff = { added: [], removed: [], changed: [], unchanged: 0, breakingCount: 0 };
  for (const [key, op] of after) {
    const old = before.get(key);
    if (!old) {
      diff.added.push(summarizeOperation(op));
      continue;
    }
    const parts = PARTS.filter(
      (part) =>
        canonicalJson(old[part] ?? null) !== canonicalJson(op[part] ?? null) ||
        (part !== "summary" && comparison?.usesChangedRef(old[part]) === true),
    );
    if (parts.length === 0) {
      diff.unchanged++;
      continue;
    }
    const changes = classify(old, op, parts, refs);
    const breaking = changes.some((c) => c.breaking);
    diff.changed.push({ ...summarizeOperation(op), parts, changes, breaking });
    diff.breakingCount += changes.filter((c) => c.breaking).length;
  }
  for (const [key, op] of before) if (!after.has(key)) diff.removed.push(summarizeOperation(op));
  diff.breakingCount += diff.removed.length;
  return diff;
}

/** The changes of each differing part; a part that differs without a classified change says so, not breaking. */
function classify(
  old: ComparableOperation,
  op: ComparableOperation,
  parts: ComparedPart[],
  refs: SchemaRefs | undefined,
): OperationChange[] {
  const out: OperationChange[] = [];
  for (const part of parts) {
    let found: OperationChange[] = [];
    if (part === "summary") found = [{ part, breaking: false, message: "Summary changed" }];
    if (part === "parameters") found = compareParameters(old.parameters, op.parameters, refs);
    if (part === "requestBody") found = compareRequestBodies(old.requestBody, op.requestBody, refs);
    if (part === "responses") found = compareResponses(old.responses, op.responses, refs);
    if (found.length === 0) found = [{ part, breaking: false, message: PART_CHANGED[part] }];
    out.push(...found);
  }
  return out;
}

const PART_CHANGED: Record<ComparedPart, string> = {
  summary: "Summary changed",
  parameters: "Parameters changed (order or descriptions)",
  requestBody: "Request body changed (descriptions or examples)",
  responses: "Responses changed (descriptions or examples)",
};

function operationKey(op: { method: string; path: string }): string {
  return `${op.method.toUpperCase()} ${op.path}`;
}

function summarizeOperation(op: ComparableOperation): DiffOperation {
  return { method: op.method.toUpperCase(), path: op.path, summary: op.summary };
}

/** JSON with object keys sorted at every level. */
export function canonicalJson(value: unknown): string {
  return canonicalJsonOf(value);
}
