import type { TFunction } from "i18next";

/** Distinct (key, options) results one instance keeps; the memo is simply emptied when it grows past this. */
const MAX_ENTRIES = 20_000;

type Primitive = string | number | boolean | null | undefined;

/** The memo key of a call, or null when the call must not be memoized (objects, functions, returnObjects...). */
function memoKey(key: unknown, options: unknown, extra: boolean): string | null {
  if (extra || typeof key !== "string") return null;
  if (options === undefined) return key;
  if (typeof options !== "object" || options === null) return null;
  let out = key;
  for (const [name, value] of Object.entries(options as Record<string, unknown>)) {
    const type = typeof value;
    if (value !== null && value !== undefined && type !== "string" && type !== "number" && type !== "boolean") {
      return null;
    }
    if (name === "returnObjects" || name === "returnDetails") return null;
    out += `\u0000${name}\u0001${type[0]}${String(value as Primitive)}`;
  }
  return out;
}

/**
 * Memoizes an i18next instance's `t` for string keys with primitive options. The instance's language and resources
 * never change after creation (I18nProvider), so the same call always gives the same string: the memo only skips
 * i18next's key parsing, plural resolution and interpolation, which was about an eighth of /hub's server CPU (a few
 * hundred calls per page, the same ones on every request). Anything else (arrays of keys, object values,
 * returnObjects) goes straight to i18next.
 */
export function memoizeT(t: TFunction): TFunction {
  const memo = new Map<string, unknown>();
  const memoized = (key: unknown, options?: unknown, ...rest: unknown[]) => {
    const id = memoKey(key, options, rest.length > 0);
    const call = t as unknown as (...args: unknown[]) => unknown;
    if (id === null) return call(key, options, ...rest);
    if (memo.has(id)) return memo.get(id);
    const value = call(key, options);
    if (typeof value !== "string") return value;
    if (memo.size >= MAX_ENTRIES) memo.clear();
    memo.set(id, value);
    return value;
  };
  return memoized as unknown as TFunction;
}
