import type { TFunction } from "i18next";
import type { Messages } from "../../common/i18n/catalog";

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
 * The message at a plain key ("a.b.c", no namespace) when i18next would return it unchanged: a string with no
 * interpolation (`{{`) and no nesting (`$t(`). Anything else is left to i18next (null).
 */
function plainMessage(resources: Messages, key: string): string | null {
  if (key.includes(":")) return null;
  let node: string | Messages | undefined = resources;
  for (const part of key.split(".")) {
    if (typeof node !== "object") return null;
    node = node[part];
  }
  if (typeof node !== "string" || node.includes("{{") || node.includes("$t(")) return null;
  return node;
}

/**
 * Memoizes an i18next instance's `t` for string keys with primitive options. The instance's language and resources
 * never change after creation (I18nProvider), so the same call always gives the same string: the memo only skips
 * i18next's key parsing, plural resolution and interpolation, which was about an eighth of /hub's server CPU (a few
 * hundred calls per page, the same ones on every request). Anything else (arrays of keys, object values,
 * returnObjects) goes straight to i18next.
 */
export function memoizeT(t: TFunction, resources?: Messages): TFunction {
  const memo = new Map<string, unknown>();
  const memoized = (key: unknown, options?: unknown, ...rest: unknown[]) => {
    const id = memoKey(key, options, rest.length > 0);
    const call = t as unknown as (...args: unknown[]) => unknown;
    if (id === null) return call(key, options, ...rest);
    if (memo.has(id)) return memo.get(id);
    // A key without options whose message has nothing to fill in is the message itself: i18next's path through key
    // parsing, resolution and interpolation cost a few microseconds per call, most of the browser's first render of
    // a page's few hundred strings (each memo starts empty there).
    const plain = options === undefined && resources ? plainMessage(resources, id) : null;
    const value = plain ?? call(key, options);
    if (typeof value !== "string") return value;
    if (memo.size >= MAX_ENTRIES) memo.clear();
    memo.set(id, value);
    return value;
  };
  return memoized as unknown as TFunction;
}
