/*
 * Snippets are rendered once with KEY_PLACEHOLDER where the API key goes; the browser swaps in the user's key, masked
 * until they reveal it, so a shared screen or screenshot does not leak the key.
 */

export const KEY_PLACEHOLDER = "YOUR_API_KEY";

/** Dots and the last 4 characters ("••••x9Qz"): enough to recognise the key, useless to call with. */
export function maskKey(key: string): string {
  return key.length <= 8 ? "•".repeat(key.length) : `••••${key.slice(-4)}`;
}

/** The snippet text with the placeholder replaced by the key (masked unless `reveal`); unchanged without a key. */
export function fillKey(code: string, key: string | null, reveal: boolean): string {
  if (!key) return code;
  return code.split(KEY_PLACEHOLDER).join(reveal ? key : maskKey(key));
}
