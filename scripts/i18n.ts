/**
 * Translator tooling for the locale catalogs (src/common/i18n/locales).
 *
 *   npx tsx scripts/i18n.ts missing            counts per locale
 *   npx tsx scripts/i18n.ts missing he         "key = English" lines for what he lacks (plural forms it must write)
 *   npx tsx scripts/i18n.ts apply he file.txt  merges "key = text" lines into he.ts, rewritten in en-US key order
 *
 * In the input, a line is `dotted.key = text` (the first " = " splits; "\n" in text is a newline); blank lines and
 * lines starting with # are skipped.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Messages } from "../src/common/i18n/catalog";
import { SOURCE_CATALOG, TRANSLATIONS } from "../src/common/i18n/catalogs";
import { catalogProblems, flattenMessages, missingKeys, pluralParts } from "../src/common/i18n/coverage";
import { isPrefixedLocale, PREFIXED_LOCALES, type PrefixedLocale } from "../src/common/locales";

const localesDir = fileURLToPath(new URL("../src/common/i18n/locales/", import.meta.url));
const ORDER = ["zero", "one", "two", "few", "many", "other"];

function parseLines(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [index, raw] of text.split("\n").entries()) {
    const line = raw.trimEnd();
    if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
    const at = line.indexOf(" = ");
    if (at < 0) throw new Error(`line ${index + 1}: no " = " in ${line}`);
    out.set(line.slice(0, at).trim(), line.slice(at + 3).replaceAll("\\n", "\n"));
  }
  return out;
}

const identifier = /^[A-Za-z_$][\w$]*$/;
const keyText = (key: string) => (identifier.test(key) ? key : JSON.stringify(key));

/** Where a key sits among its en-US siblings; a plural form sits at its base's first form, by category. */
function rank(siblings: string[], key: string): number {
  const plural = pluralParts(key);
  if (!plural) return siblings.indexOf(key);
  const first = siblings.findIndex((k) => pluralParts(k)?.base === plural.base);
  return first + ORDER.indexOf(plural.category) / ORDER.length;
}

/**
 * Adds `text` at `path` in `tree`, keeping the locale's existing order (so concurrent edits to the same file merge)
 * and putting a new key before the first existing sibling that en-US lists after it.
 */
function insert(tree: Messages, source: Messages, path: string[], text: string): Messages {
  const [head, ...rest] = path;
  if (head === undefined) return tree;
  const siblings = Object.keys(source);
  const sourceChild = source[head];
  const existing = tree[head];
  const value: string | Messages =
    rest.length === 0
      ? text
      : insert(
          typeof existing === "object" ? existing : {},
          typeof sourceChild === "object" ? sourceChild : {},
          rest,
          text,
        );
  if (existing !== undefined) return { ...tree, [head]: value };
  const entries = Object.entries(tree);
  const at = entries.findIndex(([k]) => rank(siblings, k) > rank(siblings, head));
  entries.splice(at < 0 ? entries.length : at, 0, [head, value]);
  return Object.fromEntries(entries);
}

function render(tree: Messages, indent: string): string[] {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") lines.push(`${indent}${keyText(key)}: ${JSON.stringify(value)},`);
    else lines.push(`${indent}${keyText(key)}: {`, ...render(value, `${indent}  `), `${indent}},`);
  }
  return lines;
}

function apply(locale: PrefixedLocale, inputPath: string): void {
  const file = `${localesDir}${locale}.ts`;
  const current = readFileSync(file, "utf8");
  const header = current.slice(0, current.indexOf(`export const ${locale}`));
  const english = flattenMessages(SOURCE_CATALOG);
  const input = parseLines(readFileSync(inputPath, "utf8"));
  const unknown = [...input.keys()].filter((key) => {
    const plural = pluralParts(key);
    return !english.has(key) && !(plural && english.has(`${plural.base}_other`));
  });
  if (unknown.length > 0) throw new Error(`keys unknown to en-US (fix the input): ${unknown.join(", ")}`);
  let tree = TRANSLATIONS[locale] as Messages;
  for (const [key, text] of input) tree = insert(tree, SOURCE_CATALOG, key.split("."), text);
  const body = render(tree, "  ");
  writeFileSync(file, `${header}export const ${locale}: Catalog = {\n${body.join("\n")}\n};\n`);
  execFileSync("npx", ["biome", "format", "--write", file], { stdio: "inherit" });
}

function missing(locales: PrefixedLocale[], verbose: boolean): void {
  const english = flattenMessages(SOURCE_CATALOG);
  for (const locale of locales) {
    const target = TRANSLATIONS[locale] as Messages;
    const keys = missingKeys(locale, SOURCE_CATALOG, target);
    const problems = catalogProblems(SOURCE_CATALOG, target);
    if (!verbose) {
      console.log(`${locale}: ${keys.length} missing, ${problems.length} problems`);
      continue;
    }
    for (const key of keys) {
      const plural = pluralParts(key);
      const text = english.get(key) ?? (plural ? english.get(`${plural.base}_other`) : "");
      console.log(`${key} = ${(text ?? "").replaceAll("\n", "\\n")}`);
    }
    for (const problem of problems) console.log(`# problem: ${problem}`);
  }
}

const [command, ...args] = process.argv.slice(2);
if (command === "missing") {
  const chosen = args.filter(isPrefixedLocale);
  missing(chosen.length > 0 ? chosen : [...PREFIXED_LOCALES], chosen.length > 0);
} else if (command === "apply" && args[0] && isPrefixedLocale(args[0]) && args[1]) {
  apply(args[0], args[1]);
} else {
  console.error("usage: tsx scripts/i18n.ts missing [locale...] | apply <locale> <file>");
  process.exit(1);
}
