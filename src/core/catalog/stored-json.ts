/**
 * A JSON column written by this application (endpoint tags, parameters, features...), or `fallback` when it is null
 * or unreadable. The shape is trusted: the column was written from the same type by the spec import or the seed.
 */
export function parseStoredJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
