/*
 * The headers the MCP endpoint reads, in one pass over rawHeaders (as the call stages read theirs: readClientHeaders).
 * `req.headers` builds an object of every header on first use, which was a measurable share of a tools/call's own
 * time (decision 152). Repeats are handled as node:http handles them: host, authorization, content-type and
 * content-length keep the first value, the others are joined with ", " (so a repeated key still fails its check).
 */

export interface McpRequestHeaders {
  host: string;
  tenantId: string;
  apiKey: string;
  authorization: string;
  sessionId: string;
  accept: string;
  contentType: string;
  contentLength: string;
  protocolVersion: string;
}

type Field = keyof McpRequestHeaders;

/** Lower-case header name → field, whether a repeat is dropped (true) or joined (false), and the field's bit. */
const FIELDS = new Map<string, [Field, boolean, number]>(
  (
    [
      ["host", "host", true],
      ["x-tenant-id", "tenantId", false],
      ["x-api-key", "apiKey", false],
      ["authorization", "authorization", true],
      ["mcp-session-id", "sessionId", false],
      ["accept", "accept", false],
      ["content-type", "contentType", true],
      ["content-length", "contentLength", true],
      ["mcp-protocol-version", "protocolVersion", false],
    ] as const
  ).map(([name, field, firstWins], bit) => [name, [field, firstWins, 1 << bit]]),
);

export function readMcpHeaders(raw: readonly string[]): McpRequestHeaders {
  const out: McpRequestHeaders = {
    host: "",
    tenantId: "",
    apiKey: "",
    authorization: "",
    sessionId: "",
    accept: "",
    contentType: "",
    contentLength: "",
    protocolVersion: "",
  };
  let seen = 0;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const entry = FIELDS.get((raw[i] as string).toLowerCase());
    if (!entry) continue;
    const [field, firstWins, bit] = entry;
    const value = raw[i + 1] as string;
    if ((seen & bit) === 0) {
      seen |= bit;
      out[field] = value;
    } else if (!firstWins) {
      out[field] = `${out[field]}, ${value}`;
    }
  }
  return out;
}

export { presentedKey } from "../../common/presented-key";
