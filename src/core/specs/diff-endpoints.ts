/** What a re-import changed, by operation (method + path). */
export interface SpecDiff {
  added: DiffOperation[];
  removed: DiffOperation[];
  changed: ChangedOperation[];
  unchanged: number;
}

export interface DiffOperation {
  method: string;
  path: string;
  summary: string | null;
}

export type ComparedPart = "summary" | "parameters" | "requestBody" | "responses";

export interface ChangedOperation extends DiffOperation {
  /** Which parts differ, in this order: summary, parameters, requestBody, responses. */
  parts: ComparedPart[];
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

/**
 * Added, removed and changed operations between two versions; "changed" is the same method and path with a
 * different summary, parameters, request body or responses (compared as JSON with keys in a stable order, so a
 * reordered object is not a change; a reordered parameter list is).
 */
export function diffEndpoints(
  previous: readonly ComparableOperation[],
  next: readonly ComparableOperation[],
): SpecDiff {
  const before = new Map(previous.map((op) => [operationKey(op), op]));
  const after = new Map(next.map((op) => [operationKey(op), op]));
  const diff: SpecDiff = { added: [], removed: [], changed: [], unchanged: 0 };
  for (const [key, op] of after) {
    const old = before.get(key);
    if (!old) {
      diff.added.push(summarizeOperation(op));
      continue;
    }
    const parts = PARTS.filter((part) => canonicalJson(old[part] ?? null) !== canonicalJson(op[part] ?? null));
    if (parts.length > 0) diff.changed.push({ ...summarizeOperation(op), parts });
    else diff.unchanged++;
  }
  for (const [key, op] of before) if (!after.has(key)) diff.removed.push(summarizeOperation(op));
  return diff;
}

function operationKey(op: { method: string; path: string }): string {
  return `${op.method.toUpperCase()} ${op.path}`;
}

function summarizeOperation(op: ComparableOperation): DiffOperation {
  return { method: op.method.toUpperCase(), path: op.path, summary: op.summary };
}

/** JSON with object keys sorted at every level. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== "object" || Array.isArray(v)) return v;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(v).sort()) sorted[key] = (v as Record<string, unknown>)[key];
    return sorted;
  });
}
