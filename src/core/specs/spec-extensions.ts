import { HTTP_METHODS } from "./document-shape";
import { isPlainRecord, toPointer } from "./json-pointer";

/** Where a vendor extension sits in the document (OpenAPI "Specification Extensions", keys starting with "x-"). */
export type ExtensionLevel = "document" | "path" | "operation";

export interface SpecExtensionUse {
  level: ExtensionLevel;
  /** JSON pointer of the extension key in the normalized document, e.g. "/paths/~1pets/get/x-rate-limit". */
  pointer: string;
  /** The path of a path- or operation-level use; null at document level. */
  path: string | null;
  /** Upper-case method of an operation-level use; null otherwise. */
  method: string | null;
  /** The value as pretty JSON, cut at EXTENSION_PREVIEW_CHARS (a provider may put megabytes under one key). */
  valueJson: string;
  truncated: boolean;
}

export interface SpecExtension {
  /** The extension key, e.g. "x-logo": the {span} of /{username}/api/{slug}/extensions/{span}. */
  name: string;
  uses: SpecExtensionUse[];
}

export const EXTENSION_PREVIEW_CHARS = 20_000;
const METHOD_SET: ReadonlySet<string> = new Set(HTTP_METHODS);

/** Extension keys: "x-" then at least one character (OpenAPI 3.1 reserves "x-oai-" and "x-oas-" but they are shown). */
export function isExtensionName(name: string): boolean {
  return name.length > 2 && name.length <= 200 && name.startsWith("x-");
}

/**
 * Lists the vendor extensions of an OpenAPI 3.x document at document level (root, info, paths object), path level
 * (each path item) and operation level (each operation), grouped by name in order of first appearance. Path items
 * given as `$ref` are not followed: an extension is listed where it is written.
 */
export function collectSpecExtensions(document: Record<string, unknown>): SpecExtension[] {
  const byName = new Map<string, SpecExtensionUse[]>();
  const add = (
    record: Record<string, unknown>,
    where: string[],
    level: ExtensionLevel,
    path: string | null,
    method: string | null,
  ) => {
    for (const [key, value] of Object.entries(record)) {
      if (!isExtensionName(key)) continue;
      const valueJson = preview(value);
      const use: SpecExtensionUse = {
        level,
        pointer: toPointer([...where, key]),
        path,
        method,
        valueJson:
          valueJson.length > EXTENSION_PREVIEW_CHARS ? `${valueJson.slice(0, EXTENSION_PREVIEW_CHARS)}…` : valueJson,
        truncated: valueJson.length > EXTENSION_PREVIEW_CHARS,
      };
      const uses = byName.get(key);
      if (uses) uses.push(use);
      else byName.set(key, [use]);
    }
  };

  add(document, [], "document", null, null);
  if (isPlainRecord(document.info)) add(document.info, ["info"], "document", null, null);
  const paths = document.paths;
  if (isPlainRecord(paths)) {
    add(paths, ["paths"], "document", null, null);
    for (const [path, pathItem] of Object.entries(paths)) {
      if (!path.startsWith("/") || !isPlainRecord(pathItem)) continue;
      add(pathItem, ["paths", path], "path", path, null);
      for (const [method, operation] of Object.entries(pathItem)) {
        if (!METHOD_SET.has(method) || !isPlainRecord(operation)) continue;
        add(operation, ["paths", path, method], "operation", path, method.toUpperCase());
      }
    }
  }
  return [...byName].map(([name, uses]) => ({ name, uses }));
}

function preview(value: unknown): string {
  // Stored documents came from JSON.parse of JSON.stringify output: no cycles, no BigInt; undefined cannot occur.
  return JSON.stringify(value, null, 2) ?? "null";
}
