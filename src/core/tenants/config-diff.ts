/** Dotted paths of the leaves (arrays count as one leaf) that differ between two configurations, sorted. */
export function changedPaths(before: unknown, after: unknown, prefix = ""): string[] {
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === "object" && v !== null && !Array.isArray(v);
  if (isObject(before) && isObject(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    const out: string[] = [];
    for (const key of keys) out.push(...changedPaths(before[key], after[key], prefix ? `${prefix}.${key}` : key));
    return out.sort();
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [prefix || "(root)"];
}
