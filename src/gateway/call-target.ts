/** Where a call goes: /{owner}/{slug}/{rest}?search. */
export interface CallTarget {
  owner: string;
  slug: string;
  rest: string;
  search: string;
}

function safeDecode(segment: string): string | null {
  if (!segment.includes("%")) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

const DOT_SEGMENT = /(^|\/)(\.|%2e){1,2}(\/|$)/i;
const ENCODED_SLASH = /%2f|%5c|\\/i;

/** Splits /{owner}/{slug}/{rest}?query; null for malformed or traversal paths. */
export function parseTarget(url: string): CallTarget | null {
  const q = url.indexOf("?");
  const pathname = q < 0 ? url : url.slice(0, q);
  const search = q < 0 ? "" : url.slice(q);
  if (!pathname.startsWith("/")) return null;
  const second = pathname.indexOf("/", 1);
  if (second < 0) return null;
  const third = pathname.indexOf("/", second + 1);
  const owner = safeDecode(pathname.slice(1, second));
  const slug = safeDecode(third < 0 ? pathname.slice(second + 1) : pathname.slice(second + 1, third));
  const rest = third < 0 ? "" : pathname.slice(third);
  if (!owner || !slug) return null;
  // Dot segments (plain or encoded) could climb out of the API's base path on the upstream.
  if (
    (rest.includes(".") || rest.includes("%") || rest.includes("\\")) &&
    (DOT_SEGMENT.test(rest) || ENCODED_SLASH.test(rest))
  ) {
    return null;
  }
  return { owner, slug, rest, search };
}
