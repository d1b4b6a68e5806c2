import { toPointer } from "./json-pointer";
import { SPEC_LIMITS, specError } from "./spec-errors";

// Refused rather than stripped: no real spec in the 567-spec corpus uses them, and silently dropping keys
// would change the document the provider uploaded.
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

export interface SanitizedTree {
  value: unknown;
  /**
   * Every distinct string `$ref`, in document order of first use, with the location of that first use. A ref is
   * checked once however often it is used (big specs repeat the same few hundred refs thousands of times), and the
   * first bad site in document order is still the one reported.
   */
  refs: Map<string, (string | number)[]>;
}

export interface SanitizeOptions {
  /**
   * Validate in place instead of copying: only for trees nothing else holds and nothing shares, such as JSON.parse
   * output or the converter's fresh result. The same refusals apply; `undefined` members are removed (or become null
   * in arrays) exactly as the copy would. YAML trees must be copied: aliases share nodes.
   */
  inPlace?: boolean;
}

/**
 * Copies parsed data into fresh plain objects and arrays, refusing prototype keys, nesting deeper than the limit
 * and runaway size (YAML aliases expand on copy). The copy also unshares aliased nodes, which swagger2openapi
 * rejects. Collects every string `$ref` with its location.
 */
export function sanitizeTree(input: unknown, options: SanitizeOptions = {}): SanitizedTree {
  const refs = new Map<string, (string | number)[]>();
  const path: (string | number)[] = [];
  const inPlace = options.inPlace === true;
  let values = 0;

  function copy(value: unknown, depth: number): unknown {
    values++;
    if (values > SPEC_LIMITS.maxValues) {
      throw specError(
        `Spec holds more than ${SPEC_LIMITS.maxValues} values (YAML aliases expand on load)`,
        toPointer(path),
      );
    }
    if (value === null || typeof value !== "object") return copyScalar(value);
    if (depth > SPEC_LIMITS.maxDepth) {
      throw specError(`Spec is nested deeper than ${SPEC_LIMITS.maxDepth} levels`, toPointer(path));
    }
    if (Array.isArray(value)) {
      const result: unknown[] = inPlace ? value : new Array(value.length);
      for (let index = 0; index < value.length; index++) {
        path.push(index);
        result[index] = copy(value[index], depth + 1);
        path.pop();
      }
      return result;
    }
    const source = value as Record<string, unknown>;
    const result: Record<string, unknown> = inPlace ? source : {};
    for (const key of Object.keys(source)) {
      if (FORBIDDEN_KEYS.has(key)) {
        path.push(key);
        throw specError(`Spec uses the forbidden key "${key}"`, toPointer(path));
      }
      const child = source[key];
      // Dropped like JSON.stringify would, so the document stays identical once stored as JSON text.
      if (child === undefined) {
        if (inPlace) delete result[key];
        continue;
      }
      path.push(key);
      if (key === "$ref" && typeof child === "string" && !refs.has(child)) refs.set(child, [...path]);
      const copied = copy(child, depth + 1);
      if (!inPlace || copied !== child) result[key] = copied;
      path.pop();
    }
    return result;
  }

  function copyScalar(value: unknown): unknown {
    switch (typeof value) {
      case "string":
      case "boolean":
        return value;
      case "number":
        // JSON cannot store NaN/Infinity (YAML .nan/.inf); keep the document storable as JSON text.
        if (!Number.isFinite(value)) throw specError("Spec contains a non-finite number", toPointer(path));
        return value;
      case "undefined":
        return null;
      default:
        if (value === null) return null;
        throw specError(`Spec contains an unsupported ${typeof value} value`, toPointer(path));
    }
  }

  return { value: copy(input, 1), refs };
}
