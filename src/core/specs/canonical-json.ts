/** JSON with object keys sorted at every level: two objects that differ only in key order give the same text. */
export function canonicalJsonOf(value: unknown): string {
  return (
    JSON.stringify(value ?? null, (_key, v: unknown) => {
      if (v === null || typeof v !== "object" || Array.isArray(v)) return v;
      const sorted: Record<string, unknown> = {};
      for (const key of Object.keys(v).sort()) sorted[key] = (v as Record<string, unknown>)[key];
      return sorted;
    }) ?? "null"
  );
}
