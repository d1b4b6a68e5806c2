/**
 * Spec section 2: any route whose decoded path contains script tags, a javascript: scheme, the word prompt,
 * or encoded angle brackets or semicolons is redirected to /error.
 */
const ENCODED_DANGER = /%(3c|3e|3b)/i;
const DECODED_DANGER = [/<\s*\/?\s*script/i, /javascript:/i, /prompt/i];

function decodeFully(path: string): string {
  let current = path;
  // Decode repeatedly so double-encoded payloads are caught too; stop on a fixed point or a malformed escape.
  for (let i = 0; i < 5; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return current;
    }
    if (next === current) return next;
    current = next;
  }
  return current;
}

/** True when the request path (no query string) must be redirected to /error. */
export function isDangerousPath(rawPath: string): boolean {
  if (ENCODED_DANGER.test(rawPath)) return true;
  const decoded = decodeFully(rawPath);
  // Double-encoded brackets show up encoded after one decode; literal brackets never belong in a path.
  if (ENCODED_DANGER.test(decoded) || /[<>]/.test(decoded)) return true;
  return DECODED_DANGER.some((pattern) => pattern.test(decoded));
}
