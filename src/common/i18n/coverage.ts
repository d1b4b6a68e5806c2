import type { PrefixedLocale } from "../locales";
import type { Messages } from "./catalog";

/**
 * Key-by-key comparison of a translation with en-US: what the catalogs test checks and what `npx tsx scripts/i18n.ts missing`
 * prints for translators. Kept free of the catalogs themselves so scripts and tests pass in whatever tree they read.
 */

const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;

/** Sections that are not copy: social profile URLs are tenant configuration (the footer links), not translations. */
export const UNTRANSLATED_SECTIONS = ["social."];

export function flattenMessages(tree: Messages, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flattenMessages(value, path)) out.set(k, v);
  }
  return out;
}

export function pluralParts(key: string): { base: string; category: string } | undefined {
  const match = PLURAL.exec(key);
  return match ? { base: match[1] ?? "", category: match[2] ?? "" } : undefined;
}

/**
 * The plural forms a language must write itself for a key English pluralizes. "many" in fr/es/it/pt only covers
 * millions ("1 million de…") and Hebrew's "two" reads like "other" in product copy, so those fall back to "_other"
 * (build-resources fills every category from it); Slavic "few"/"many" change the noun and must be written.
 */
export function requiredPluralCategories(locale: PrefixedLocale, englishCategories: string[]): string[] {
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[];
  const wanted = new Set(["other"]);
  if (categories.includes("one") && englishCategories.includes("one")) wanted.add("one");
  if (locale === "ru" || locale === "uk") {
    wanted.add("few");
    wanted.add("many");
  }
  return ["zero", "one", "two", "few", "many", "other"].filter((category) => wanted.has(category));
}

/** The number itself; a singular form may say it in words ("one follower" → "עוקב אחד"). */
const COUNTS = ["count", "formattedCount"];

export const placeholdersOf = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? "").sort();

/** Keys the locale must have and lacks, as en-US names ("api.tabs.specs", "apps.keyCount_few"...). */
export function missingKeys(locale: PrefixedLocale, source: Messages, target: Messages | undefined): string[] {
  const english = flattenMessages(source);
  const translated = target ? flattenMessages(target) : new Map<string, string>();
  const missing: string[] = [];
  const pluralBases = new Map<string, string[]>();
  for (const key of english.keys()) {
    if (UNTRANSLATED_SECTIONS.some((s) => key.startsWith(s))) continue;
    const plural = pluralParts(key);
    if (!plural) {
      if (!translated.has(key)) missing.push(key);
      continue;
    }
    const seen = pluralBases.get(plural.base);
    if (seen) seen.push(plural.category);
    else pluralBases.set(plural.base, [plural.category]);
  }
  for (const [base, categories] of pluralBases) {
    for (const category of requiredPluralCategories(locale, categories)) {
      if (!translated.has(`${base}_${category}`)) missing.push(`${base}_${category}`);
    }
  }
  return missing;
}

/** Problems with keys the locale does have: unknown to en-US, or placeholders that differ from English. */
export function catalogProblems(source: Messages, target: Messages): string[] {
  const english = flattenMessages(source);
  const problems: string[] = [];
  for (const [key, text] of flattenMessages(target)) {
    const plural = pluralParts(key);
    // A plural form is checked against English "_other": "_one" in ru/uk also covers 21, 31… and needs {{count}}.
    const englishText = plural ? (english.get(`${plural.base}_other`) ?? english.get(key)) : english.get(key);
    if (englishText === undefined) {
      problems.push(`unknown key ${key}`);
      continue;
    }
    const expected = placeholdersOf(englishText);
    const used = placeholdersOf(text);
    const unknown = used.filter((name) => !expected.includes(name));
    if (unknown.length > 0) problems.push(`${key}: unknown placeholder ${unknown.join(", ")}`);
    // A singular (or dual) form may spell the number out ("API אחד", "eine API"), so only it may drop placeholders.
    const mayDrop = plural !== undefined && ["zero", "one", "two"].includes(plural.category);
    const dropped = [...new Set(expected)].filter(
      (name) => !used.includes(name) && !(mayDrop && COUNTS.includes(name)),
    );
    if (dropped.length > 0) problems.push(`${key}: missing placeholder ${dropped.join(", ")}`);
  }
  return problems;
}
