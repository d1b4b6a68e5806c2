import { isAlias, isMap, isPair, isScalar, isSeq, type LineCounter, type Node } from "yaml";
import { specError } from "./spec-errors";

/**
 * Refuses duplicate and non-scalar mapping keys. The `yaml` package's own uniqueKeys check compares every key with
 * every other (20k keys take 3 s), so it is off and this linear walk (explicit stack, no recursion) replaces it.
 */
export function assertYamlKeysUniqueAndScalar(root: Node | null, lineCounter: LineCounter): void {
  const stack: unknown[] = root ? [root] : [];
  while (stack.length > 0) {
    const node = stack.pop();
    if (isMap(node)) {
      const seen = new Set<string>();
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const key = pair.key;
        if (!isScalar(key) || isAlias(key)) {
          throw specError("Spec uses a non-scalar YAML mapping key", position(key, lineCounter));
        }
        const name = String(key.value ?? "");
        if (seen.has(name)) throw specError(`Spec has the duplicate key "${name}"`, position(key, lineCounter));
        seen.add(name);
        stack.push(pair.value);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) stack.push(item);
    }
  }
}

function position(node: unknown, lineCounter: LineCounter): string {
  const range = (node as { range?: [number, number, number] } | null)?.range;
  if (!range) return "";
  const { line, col } = lineCounter.linePos(range[0]);
  return `${line}:${col}`;
}
