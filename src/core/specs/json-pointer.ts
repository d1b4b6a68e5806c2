/** RFC 6901 JSON pointers, used both for `where` in errors and for resolving internal `$ref`s. */

export function encodePointerSegment(segment: string | number): string {
  return String(segment).replace(/~/g, "~0").replace(/\//g, "~1");
}

export function toPointer(segments: readonly (string | number)[]): string {
  let pointer = "";
  for (const segment of segments) pointer += `/${encodePointerSegment(segment)}`;
  return pointer;
}

/** Decodes the fragment of an internal `$ref` ("#/a/b") into segments; null when it is not a valid pointer. */
export function refToSegments(ref: string): string[] | null {
  if (!ref.startsWith("#")) return null;
  let fragment: string;
  try {
    // The fragment is URI-encoded (e.g. "%7B" for "{" in path keys) before being a JSON pointer.
    fragment = decodeURIComponent(ref.slice(1));
  } catch {
    return null;
  }
  if (fragment === "") return [];
  if (!fragment.startsWith("/")) return null;
  return fragment
    .slice(1)
    .split("/")
    .map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"));
}

const NOT_FOUND = Symbol("not-found");

/** Looks a value up by segments using own properties only (never the prototype chain). */
export function lookupSegments(root: unknown, segments: readonly string[]): unknown | typeof NOT_FOUND {
  let current: unknown = root;
  for (const segment of segments) {
    if (Array.isArray(current)) {
      if (!/^(0|[1-9]\d*)$/.test(segment)) return NOT_FOUND;
      const index = Number(segment);
      if (index >= current.length) return NOT_FOUND;
      current = current[index];
    } else if (isPlainRecord(current)) {
      if (!Object.hasOwn(current, segment)) return NOT_FOUND;
      current = current[segment];
    } else {
      return NOT_FOUND;
    }
  }
  return current;
}

export function isFound<T>(value: T | typeof NOT_FOUND): value is T {
  return value !== NOT_FOUND;
}

export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
