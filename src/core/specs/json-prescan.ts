import { lineColumnAt } from "./json-error-position";
import { SPEC_LIMITS, specError } from "./spec-errors";

/**
 * Bounds the number of values in JSON text before JSON.parse, which spends ~1 s allocating 3 million empty
 * objects. Counts "{", "[" and "," outside strings (an upper bound of the values, less one).
 */
export function assertJsonValueCountWithinLimit(text: string, limit: number = SPEC_LIMITS.maxValues): void {
  let count = 1;
  let index = 0;
  const length = text.length;
  while (index < length) {
    const code = text.charCodeAt(index);
    if (code === 34) {
      index = skipString(text, index + 1);
      continue;
    }
    if ((code === 44 || code === 91 || code === 123) && ++count > limit) {
      throw specError(`Spec holds more than ${limit} values`, lineColumnAt(text, index));
    }
    index++;
  }
}

function skipString(text: string, start: number): number {
  let index = start;
  while (true) {
    const quote = text.indexOf('"', index);
    if (quote < 0) return text.length;
    let backslashes = 0;
    for (let i = quote - 1; i >= start && text.charCodeAt(i) === 92; i--) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    index = quote + 1;
  }
}
