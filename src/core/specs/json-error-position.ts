/**
 * Finds where JSON text first breaks. Node 20's JSON.parse messages often omit the position, and users need a
 * line:column. Iterative (explicit stack) so hostile nesting cannot overflow; only runs after JSON.parse failed.
 */
export function locateJsonError(text: string): { offset: number; reason: string } | null {
  const stack: string[] = [];
  let state: "value" | "key" | "colon" | "after" = "value";
  let justOpened = false;
  let index = 0;
  const fail = (reason: string) => ({ offset: index, reason });

  while (true) {
    while (index < text.length && " \t\n\r".includes(text[index] ?? "")) index++;
    if (index >= text.length) {
      return state === "after" && stack.length === 0 ? null : fail("Unexpected end of JSON");
    }
    const char = text[index] ?? "";
    const top = stack[stack.length - 1];
    if (state === "after") {
      if (top === undefined) return fail("Unexpected text after the JSON value");
      if (char === ",") {
        index++;
        state = top === "{" ? "key" : "value";
        justOpened = false;
      } else if (char === (top === "{" ? "}" : "]")) {
        index++;
        stack.pop();
      } else {
        return fail(`Expected ',' or '${top === "{" ? "}" : "]"}'`);
      }
      continue;
    }
    if (state === "colon") {
      if (char !== ":") return fail("Expected ':' after a property name");
      index++;
      state = "value";
      continue;
    }
    if (state === "key") {
      if (char === "}" && justOpened) {
        index++;
        stack.pop();
        state = "after";
        continue;
      }
      if (char !== '"') return fail("Expected a double-quoted property name");
      const end = scanString(text, index);
      if (end < 0) return { offset: -end - 1, reason: "Invalid or unterminated string" };
      index = end;
      state = "colon";
      continue;
    }
    // state === "value"
    if (char === "]" && justOpened && top === "[") {
      index++;
      stack.pop();
      state = "after";
      justOpened = false;
      continue;
    }
    justOpened = false;
    if (char === "{" || char === "[") {
      stack.push(char);
      index++;
      state = char === "{" ? "key" : "value";
      justOpened = true;
      continue;
    }
    if (char === '"') {
      const end = scanString(text, index);
      if (end < 0) return { offset: -end - 1, reason: "Invalid or unterminated string" };
      index = end;
    } else {
      const literal = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;
      literal.lastIndex = index;
      if (!literal.test(text)) return fail(`Unexpected character '${char}'`);
      index = literal.lastIndex;
    }
    state = "after";
  }
}

/** Returns the index after the closing quote, or -(offset + 1) of the offending character. */
function scanString(text: string, start: number): number {
  let index = start + 1;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code === 34) return index + 1;
    if (code < 32) return -(index + 1);
    if (code === 92) {
      const escaped = text[index + 1] ?? "";
      if (escaped === "u") {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(index + 2, index + 6))) return -(index + 1);
        index += 6;
        continue;
      }
      if (!'"\\/bfnrt'.includes(escaped) || escaped === "") return -(index + 1);
      index += 2;
      continue;
    }
    index++;
  }
  return -(index + 1);
}

/** 1-based line:column of an offset, as editors show it. */
export function lineColumnAt(text: string, offset: number): string {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return `${line}:${offset - lineStart + 1}`;
}
