const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/** A new random id with a readable prefix, e.g. api_3f9k2m...; 80 random bits (Web Crypto: Node and browsers). */
export function newId(prefix: string): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  let out = "";
  for (const b of bytes) out += ALPHABET[b % 32];
  return `${prefix}_${out}`;
}
