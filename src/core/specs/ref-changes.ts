import { canonicalJsonOf } from "./canonical-json";
import { isFound, isPlainRecord, lookupSegments, refToSegments } from "./json-pointer";

/*
 * Shared components in a version diff (decision 081, "changes through shared components"): an operation's stored
 * schemas keep their `$ref`s (`#/components/schemas/Pet`), so two versions whose operations read the same text can
 * still differ inside the component they point at. RefComparison resolves internal refs in the previous and in the
 * next document and tells whether a ref's target differs, itself or through any ref it holds (transitively), so the
 * diff marks every operation that uses a changed component as changed and classifies the change on the resolved
 * schemas by the usual rules.
 */

export type DocumentSide = "before" | "after";

/** Refs followed in one chain before giving up (the normalizer refuses longer chains anyway). */
const MAX_REF_HOPS = 32;
/** Nodes visited when collecting the refs of a value: bounds the work on very large schemas. */
const MAX_WALK_NODES = 20_000;

export class RefComparison {
  private readonly changedMemo = new Map<string, boolean>();
  private readonly inProgress = new Set<string>();

  constructor(
    private readonly before: unknown,
    private readonly after: unknown,
  ) {}

  /** The target of an internal ref in one document; undefined when it is not internal or points at nothing. */
  target(side: DocumentSide, ref: string): unknown {
    const segments = refToSegments(ref);
    if (segments === null || segments.length === 0) return undefined;
    const found = lookupSegments(side === "before" ? this.before : this.after, segments);
    return isFound(found) ? found : undefined;
  }

  /** `value` with its `$ref` chain followed in `side`'s document (the value itself when it is no resolvable ref). */
  deref(side: DocumentSide, value: unknown): { value: unknown; ref: string | null } {
    let current = value;
    let ref: string | null = null;
    for (let hops = 0; hops < MAX_REF_HOPS && isPlainRecord(current) && typeof current.$ref === "string"; hops++) {
      const next = this.target(side, current.$ref);
      if (next === undefined) break;
      ref = current.$ref;
      current = next;
    }
    return { value: current, ref };
  }

  /** The ref's target differs between the documents, in itself or in any component it refers to. */
  changed(ref: string): boolean {
    const memo = this.changedMemo.get(ref);
    if (memo !== undefined) return memo;
    // A cycle (a tree node holding its own kind): whether it changed is decided where the cycle started.
    if (this.inProgress.has(ref)) return false;
    const before = this.target("before", ref);
    const after = this.target("after", ref);
    let result: boolean;
    if (before === undefined || after === undefined) result = before !== after;
    else if (canonicalJsonOf(before) !== canonicalJsonOf(after)) result = true;
    else {
      this.inProgress.add(ref);
      result = refsIn(before).some((inner) => this.changed(inner));
      this.inProgress.delete(ref);
    }
    this.changedMemo.set(ref, result);
    return result;
  }

  /** Some `$ref` inside `value` points at a component that changed between the documents. */
  usesChangedRef(value: unknown): boolean {
    return refsIn(value).some((ref) => this.changed(ref));
  }
}

/** The distinct internal `$ref` strings inside a JSON value. */
export function refsIn(value: unknown): string[] {
  const found = new Set<string>();
  const stack: unknown[] = [value];
  let visited = 0;
  while (stack.length > 0 && visited < MAX_WALK_NODES) {
    const node = stack.pop();
    visited++;
    if (Array.isArray(node)) stack.push(...node);
    else if (isPlainRecord(node)) {
      for (const [key, child] of Object.entries(node)) {
        if (key === "$ref" && typeof child === "string" && child.startsWith("#")) found.add(child);
        else if (typeof child === "object" && child !== null) stack.push(child);
      }
    }
  }
  return [...found];
}
