/** Unicode FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE: the plain-text equivalent of <bdi>. */
const FSI = "\u2068";
const PDI = "\u2069";

/**
 * Wraps an interpolated value so its own direction cannot reorder the sentence around it: in a Hebrew sentence a
 * Latin owner name, a version like "2.0.1" or a date next to other numbers would otherwise pull the separators and
 * digits around them into the wrong visual order. Invisible when rendered, and ignored by screen readers.
 */
export function isolateBidi(value: unknown): unknown {
  if (typeof value === "string") return value === "" ? value : `${FSI}${value}${PDI}`;
  if (typeof value === "number") return `${FSI}${value}${PDI}`;
  return value;
}

/** The text without isolates (tests, comparisons). */
export function stripBidi(text: string): string {
  return text.replaceAll(FSI, "").replaceAll(PDI, "");
}
