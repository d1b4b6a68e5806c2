import { isFound, lookupSegments, refToSegments, toPointer } from "./json-pointer";
import { specError } from "./spec-errors";

/**
 * Only internal references ("#/...") are allowed, and each must point at something: the normalizer never
 * fetches URLs or reads files (SSRF, local file disclosure), and downstream code resolves refs without checks.
 * `refs` maps each distinct ref to where it is first used (see sanitizeTree), so each is resolved once and the
 * error still names the first bad use in document order.
 */
export function assertRefsInternalAndResolvable(
  document: unknown,
  refs: ReadonlyMap<string, readonly (string | number)[]>,
): void {
  for (const [ref, path] of refs) {
    if (!ref.startsWith("#")) {
      throw specError(
        `Remote and file $refs are not allowed (only "#/..." references): ${truncate(ref)}`,
        toPointer(path),
      );
    }
    const segments = refToSegments(ref);
    if (segments === null) throw specError(`Malformed $ref: ${truncate(ref)}`, toPointer(path));
    if (!isFound(lookupSegments(document, segments))) {
      throw specError(`Broken $ref: ${truncate(ref)} points at nothing`, toPointer(path));
    }
  }
}

function truncate(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
