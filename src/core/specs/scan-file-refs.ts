import { isRemoteRef } from "./upload-paths";

const DOLLAR_REF = Buffer.from("$ref");
const MAX_REF_BYTES = 2048;
const QUOTE_DOUBLE = 0x22;
const QUOTE_SINGLE = 0x27;
const COLON = 0x3a;
const HASH = 0x23;
const BACKSLASH = 0x5c;

function isBlank(byte: number | undefined): boolean {
  return byte === 0x20 || byte === 0x09;
}

// Where an unquoted YAML value ends: end of line, a flow separator, or a comment (" #").
function endsPlain(bytes: Buffer, at: number): boolean {
  const byte = bytes[at];
  return (
    byte === 0x0a ||
    byte === 0x0d ||
    byte === 0x2c ||
    byte === 0x7d ||
    byte === 0x5d ||
    (byte === HASH && isBlank(bytes[at - 1]))
  );
}

/**
 * The file parts of the relative `$ref`s of a JSON or YAML document, read from its bytes without parsing it: a URL
 * import looks for sibling files to fetch before the document goes to a spec worker, and decoding or parsing a 10 MB
 * spec on the web process's event loop would stall it. Internal refs ("#/…", most of a large spec's) are skipped by
 * their first byte; remote refs are left for the bundler to refuse with their location. A false match (a `$ref:`
 * inside a YAML description) only costs a fetch: the bundler decides which files are really referenced.
 */
export function scanFileRefs(input: Uint8Array): string[] {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const found = new Set<string>();
  for (let at = bytes.indexOf(DOLLAR_REF); at !== -1; at = bytes.indexOf(DOLLAR_REF, at + 4)) {
    let i = at + 4;
    if (bytes[i] === QUOTE_DOUBLE || bytes[i] === QUOTE_SINGLE) i++;
    while (isBlank(bytes[i])) i++;
    if (bytes[i] !== COLON) continue;
    i++;
    while (isBlank(bytes[i])) i++;
    const quote = bytes[i] === QUOTE_DOUBLE || bytes[i] === QUOTE_SINGLE ? bytes[i] : undefined;
    if (quote !== undefined) i++;
    if (bytes[i] === HASH) continue;
    const start = i;
    const limit = Math.min(bytes.length, start + MAX_REF_BYTES);
    let escaped = false;
    while (i < limit) {
      if (quote === undefined ? endsPlain(bytes, i) : bytes[i] === quote && !(quote === QUOTE_DOUBLE && escaped)) {
        break;
      }
      escaped = bytes[i] === BACKSLASH && !escaped;
      i++;
    }
    if (i === limit && limit !== bytes.length) continue;
    let value = bytes.toString("utf8", start, i).trim();
    if (quote === QUOTE_DOUBLE && value.includes("\\")) value = unescapeJson(value);
    if (quote === QUOTE_SINGLE) value = value.replace(/''/g, "'");
    const hash = value.indexOf("#");
    const file = hash === -1 ? value : value.slice(0, hash);
    if (file !== "" && !isRemoteRef(file)) found.add(file);
  }
  return [...found];
}

function unescapeJson(value: string): string {
  try {
    const parsed: unknown = JSON.parse(`"${value}"`);
    return typeof parsed === "string" ? parsed : value;
  } catch {
    return value;
  }
}
