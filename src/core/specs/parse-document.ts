import { type Document, isCollection, LineCounter, parseDocument, visit } from "yaml";
import { lineColumnAt, locateJsonError } from "./json-error-position";
import { assertJsonValueCountWithinLimit } from "./json-prescan";
import { formatBytes, SPEC_LIMITS, specError } from "./spec-errors";
import { assertYamlKeysUniqueAndScalar } from "./yaml-keys";
import { assertYamlWithinLimits } from "./yaml-prescan";

/**
 * Parses JSON or YAML spec text into plain data, refusing oversized, too deeply nested or alias-bomb input.
 * Text opening with "{" or "[" is JSON: JSON.parse (fast, iterative), with syntax errors located by a scanner.
 * Anything else goes through `yaml`, after a lexer pre-scan that bounds what its parser would have to do.
 */
export function parseSpecText(text: string, maxBytes: number = SPEC_LIMITS.defaultMaxBytes): unknown {
  if (typeof text !== "string") throw specError("Spec must be text (JSON or YAML)", "");
  // Cheap check first: UTF-8 needs at least one byte per UTF-16 code unit, so a long string is over for sure.
  if (text.length > maxBytes || Buffer.byteLength(text, "utf8") > maxBytes) {
    throw specError(`Spec is larger than ${formatBytes(maxBytes)}`, "");
  }
  if (text.trimStart() === "") throw specError("Spec is empty", "");

  // Text that opens like JSON is held to JSON: YAML would quietly read `"info": }` as a null info.
  if (isJsonText(text)) return parseJson(text);
  return parseYaml(text);
}

/** Whether parseSpecText reads this text as JSON (it opens with "{" or "["), so its result came from JSON.parse. */
export function isJsonText(text: string): boolean {
  const match = /\S/.exec(text);
  return match !== null && (match[0] === "{" || match[0] === "[");
}

function parseJson(text: string): unknown {
  assertJsonValueCountWithinLimit(text);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const located = locateJsonError(text);
    const reason = located?.reason ?? errorMessage(error);
    throw specError(`Spec is not valid JSON: ${reason}`, located ? lineColumnAt(text, located.offset) : "1:1");
  }
}

function parseYaml(text: string): unknown {
  assertYamlWithinLimits(text);
  const lineCounter = new LineCounter();
  let document: ReturnType<typeof parseDocument>;
  try {
    document = parseDocument(text, {
      lineCounter,
      prettyErrors: false,
      uniqueKeys: false,
      merge: false,
      schema: "core",
    });
  } catch (error) {
    throw specError(`Spec is not valid YAML or JSON: ${errorMessage(error)}`, "1:1");
  }
  const firstError = document.errors[0];
  if (firstError) {
    const { line, col } = lineCounter.linePos(firstError.pos[0]);
    throw specError(`Spec is not valid YAML or JSON: ${firstLine(firstError.message)}`, `${line}:${col}`);
  }
  assertYamlKeysUniqueAndScalar(document.contents, lineCounter);
  try {
    return document.toJS({ maxAliasCount: SPEC_LIMITS.maxAliasCount }) as unknown;
  } catch (error) {
    const message = errorMessage(error);
    if (message.includes("resource exhaustion")) {
      throw specError(
        `Spec uses too many YAML aliases (more than ${SPEC_LIMITS.maxAliasCount} expansions)`,
        firstCollectionAlias(document, lineCounter),
      );
    }
    throw specError(`Spec is not valid YAML: ${message}`, "");
  }
}

/**
 * Where an alias expansion starts: the first alias (in document order) of a mapping or sequence, as line:column.
 * The pre-scan allows at most maxYamlAliases aliases, so this walk stays short.
 */
function firstCollectionAlias(document: Document, lineCounter: LineCounter): string {
  let where = "";
  visit(document, {
    Alias(_, node) {
      const target = node.resolve(document);
      if (!isCollection(target) && where !== "") return;
      const start = node.range?.[0];
      if (start === undefined) return;
      const { line, col } = lineCounter.linePos(start);
      where = `${line}:${col}`;
      if (isCollection(target)) return visit.BREAK;
    },
  });
  return where;
}

function errorMessage(error: unknown): string {
  return firstLine(error instanceof Error ? error.message : String(error));
}

function firstLine(message: string): string {
  const line = message.split("\n", 1)[0] ?? message;
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}
