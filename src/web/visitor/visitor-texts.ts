/*
 * The translated texts the visitor script needs (decision 162), rendered by the server into the page as JSON: the
 * script carries no catalog. `{n}`, `{name}` and `{term}` are filled in by the script; plural texts come per plural
 * category of the page's language (Intl.PluralRules), each with `{n}` where the number goes.
 */

export const VISITOR_TEXTS_ID = "visitor-texts";

export interface VisitorTexts {
  locale: string;
  /** The language prefix of every link ("" for en-US, "/de"...). */
  prefix: string;
  consentRequired: boolean;
  /** The visitor's CSRF token (the shared-page cache puts each visitor's own in, decision 161). */
  csrfToken: string;
  suggestions: string;
  toAllResults: string;
  noResults: string;
  matchedEndpoint: string;
  private: string;
  resultsCount: Partial<Record<Intl.LDMLPluralRule, string>>;
  switchToDark: string;
  switchToLight: string;
  compareOn: string;
  compareOff: string;
  compareFull: string;
  trayLabel: string;
  trayRemove: string;
  trayClear: string;
  trayGo: Partial<Record<Intl.LDMLPluralRule, string>>;
  trayHint: string;
}

/** Fills `{key}` placeholders. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/** The text for `count` from per-category texts. */
export function plural(locale: string, texts: Partial<Record<Intl.LDMLPluralRule, string>>, count: number): string {
  const text = texts[new Intl.PluralRules(locale).select(count)] ?? texts.other ?? "";
  return fill(text, { n: count });
}

/** One text per plural category of `locale`, from `render(sample count)` with the number turned into `{n}`. */
export function pluralTexts(
  locale: string,
  render: (count: number) => string,
): Partial<Record<Intl.LDMLPluralRule, string>> {
  const rules = new Intl.PluralRules(locale);
  const out: Partial<Record<Intl.LDMLPluralRule, string>> = {};
  for (const category of rules.resolvedOptions().pluralCategories) {
    let sample = 0;
    while (sample < 1000 && rules.select(sample) !== category) sample++;
    if (sample === 1000) continue;
    out[category] = render(sample).replace(String(sample), "{n}");
  }
  return out;
}
