import { CST, Lexer } from "yaml";
import { SPEC_LIMITS, specError } from "./spec-errors";

// Slack over the tree-depth limit: the pre-scan counts a block value on the key's line as one more level.
const PRESCAN_SLACK = 10;

/**
 * Upper-bounds the nesting depth of YAML text with the `yaml` lexer (iterative, linear) before the composer,
 * which recurses per level: 100k nested "[" make it run for seconds and can exhaust memory instead of failing.
 * Depth = open flow collections + block indentation levels (compact "- - x" counts each indicator).
 * Also bounds the token, line, anchor and alias counts, which drive the parser's time and memory.
 * Throws a BAD_REQUEST; nesting, anchor and alias refusals name the line:column of the token at fault, while the
 * token and line counts name no place (the counter running over at some token does not make it the error).
 */
export function assertYamlWithinLimits(text: string, limit: number = SPEC_LIMITS.maxDepth): void {
  const maxLevels = limit + PRESCAN_SLACK;
  const indentStack: number[] = [];
  let flowDepth = 0;
  let line = 1;
  let column = 0;
  let lineHasNode = false;
  let afterBlockIndicator = false;
  let scalarContentNext = false;
  let tokens = 0;
  let anchors = 0;
  let aliases = 0;
  const where = () => `${line}:${column + 1}`;
  const tooManyLines = () =>
    specError(
      `Spec YAML has more than ${SPEC_LIMITS.maxYamlLines} lines, too many to parse safely; upload it as JSON`,
      "",
    );

  for (const token of new Lexer().lex(text)) {
    tokens++;
    if (tokens > SPEC_LIMITS.maxYamlTokens) {
      throw specError(
        `Spec YAML has more than ${SPEC_LIMITS.maxYamlTokens} tokens, too many to parse safely; upload it as JSON`,
        "",
      );
    }
    // The token after the SCALAR marker is raw scalar text; its first character says nothing about its type.
    const type: string | null = scalarContentNext ? "scalar-content" : CST.tokenType(token);
    scalarContentNext = type === "scalar";
    if (type === "newline") {
      if (++line > SPEC_LIMITS.maxYamlLines) throw tooManyLines();
      column = 0;
      lineHasNode = false;
      afterBlockIndicator = false;
      continue;
    }
    // Lexer markers (SCALAR, DOCUMENT, FLOW_END) are not source text: they take no column.
    if (type === "scalar" || type === "doc-mode" || type === "flow-error-end") continue;
    if (type === "space" || type === "comment" || type === "byte-order-mark") {
      advance(token);
      continue;
    }
    if (type === "anchor" && ++anchors > SPEC_LIMITS.maxYamlAnchors) {
      throw specError(`Spec YAML has more than ${SPEC_LIMITS.maxYamlAnchors} anchors`, where());
    }
    // An unclosed quote makes the parser read every following line as an error (~40 µs a line, 20 s for 500k):
    // refuse it here, where the lexer already knows, with the place the string starts.
    if ((type === "double-quoted-scalar" || type === "single-quoted-scalar") && !quoteClosed(token)) {
      throw specError("Spec is not valid YAML: a quoted string is not closed", where());
    }
    if (type === "alias" && ++aliases > SPEC_LIMITS.maxYamlAliases) {
      throw specError(`Spec YAML has more than ${SPEC_LIMITS.maxYamlAliases} aliases`, where());
    }
    if (flowDepth === 0 && (!lineHasNode || afterBlockIndicator)) {
      pushBlockLevel(indentStack, column);
      lineHasNode = true;
    }
    afterBlockIndicator = type === "seq-item-ind" || type === "explicit-key-ind" || type === "map-value-ind";
    if (type === "flow-seq-start" || type === "flow-map-start") flowDepth++;
    else if ((type === "flow-seq-end" || type === "flow-map-end") && flowDepth > 0) flowDepth--;
    if (indentStack.length + flowDepth > maxLevels) {
      throw specError(`Spec is nested deeper than ${limit} levels`, where());
    }
    advance(token);
  }

  // Scalar tokens (quoted, block or plain multi-line) can span lines; keep line and column right after them.
  function advance(token: string): void {
    const lastNewline = token.lastIndexOf("\n");
    if (lastNewline < 0) {
      column += token.length;
      return;
    }
    for (let i = 0; i <= lastNewline; i++) if (token.charCodeAt(i) === 10) line++;
    if (line > SPEC_LIMITS.maxYamlLines) throw tooManyLines();
    column = token.length - lastNewline - 1;
    lineHasNode = false;
    afterBlockIndicator = false;
  }
}

/** Whether a quoted-scalar token ends with its closing quote (not an escaped one: \" or a doubled ''). */
function quoteClosed(token: string): boolean {
  const quote = token[0];
  if (token.length < 2 || token[token.length - 1] !== quote) return false;
  let run = 0;
  if (quote === '"') {
    for (let i = token.length - 2; i >= 1 && token[i] === "\\"; i--) run++;
    return run % 2 === 0;
  }
  for (let i = token.length - 1; i >= 1 && token[i] === "'"; i--) run++;
  return run % 2 === 1;
}

function pushBlockLevel(stack: number[], column: number): void {
  while (stack.length > 0 && (stack[stack.length - 1] ?? 0) > column) stack.pop();
  if (stack.length === 0 || (stack[stack.length - 1] ?? 0) < column) stack.push(column);
}
