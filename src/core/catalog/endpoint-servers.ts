import { isPlainRecord } from "../specs/json-pointer";
import type { ServerDetail, ServerVariableDetail } from "./endpoint-detail.types";

type Doc = Record<string, unknown>;

// A spec lists a handful of servers (regions, sandbox/production); these bounds only keep hostile input small.
const MAX_SERVERS = 20;
const MAX_VARIABLES = 20;
const MAX_ENUM = 50;
const MAX_TEXT = 500;

function text(value: unknown): string | null {
  if (typeof value === "string") return value.slice(0, MAX_TEXT);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return null;
}

function variablesOf(value: unknown): ServerVariableDetail[] {
  if (!isPlainRecord(value)) return [];
  return Object.entries(value)
    .slice(0, MAX_VARIABLES)
    .filter((entry): entry is [string, Doc] => isPlainRecord(entry[1]))
    .map(([name, variable]) => {
      const options = Array.isArray(variable.enum)
        ? variable.enum
            .map(text)
            .filter((v): v is string => v !== null)
            .slice(0, MAX_ENUM)
        : [];
      return {
        name: name.slice(0, MAX_TEXT),
        defaultValue: text(variable.default) ?? options[0] ?? "",
        options: options.length > 0 ? options : null,
        description: text(variable.description),
      };
    });
}

function listOf(value: unknown): ServerDetail[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((server): server is Doc => isPlainRecord(server) && typeof server.url === "string")
    .slice(0, MAX_SERVERS)
    .map((server) => ({
      url: String(server.url).slice(0, MAX_TEXT),
      description: text(server.description),
      variables: variablesOf(server.variables),
    }));
}

/**
 * The servers an operation is served from, as the spec declares them (OpenAPI 3: the operation's own list overrides
 * its path item's, which overrides the document's), with their variables for the reader to fill in. URL templates
 * are kept as written ("https://{region}.example.com/v1", or relative like "/v1").
 */
export function serversOf(document: Doc, pathItem: Doc, operation: Doc): ServerDetail[] {
  for (const candidate of [operation.servers, pathItem.servers, document.servers]) {
    const servers = listOf(candidate);
    if (servers.length > 0) return servers;
  }
  return [];
}
