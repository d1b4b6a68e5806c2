/**
 * Spec section 2: any route whose decoded path contains script tags, a javascript: scheme, the word prompt,
 * or encoded angle brackets or semicolons is redirected to /error.
 */
const ENCODED_DANGER = /%(3c|3e|3b)/i;
const DECODED_DANGER = [/<\s*\/?\s*script/i, /javascript:/i, /prompt/i];
/** Enough for any real link; a path still changing after this many decodings is refused as a whole. */
const MAX_DECODE_ROUNDS = 5;

/**
 * The path and each of its successive decodings until it stops changing (or an escape is malformed). Every layer is
 * checked: "/x%253Bfoo" decodes to "/x%3Bfoo" and then to "/x;foo", and only the middle layer shows the encoded
 * semicolon. Null when the path is still changing after MAX_DECODE_ROUNDS (deliberately nested encoding).
 */
function decodingLayers(path: string): string[] | null {
  const layers = [path];
  let current = path;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return layers;
    }
    if (next === current) return layers;
    layers.push(next);
    current = next;
  }
  return null;
}

/** True when the request path (no query string) must be redirected to /error. */
export function isDangerousPath(rawPath: string): boolean {
  const layers = decodingLayers(rawPath);
  if (!layers) return true;
  return layers.some(
    (layer) =>
      ENCODED_DANGER.test(layer) || /[<>]/.test(layer) || DECODED_DANGER.some((pattern) => pattern.test(layer)),
  );
}
