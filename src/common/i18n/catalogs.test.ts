import { describe, expect, it } from "vitest";
import { PREFIXED_LOCALES } from "../locales";
import type { Messages } from "./catalog";
import { SOURCE_CATALOG, TRANSLATIONS } from "./catalogs";
import { catalogProblems, missingKeys } from "./coverage";

function flatten(tree: Messages, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const source = flatten(SOURCE_CATALOG);
/** Layout, hub, footer and error texts must exist in every language (spec section 1: layout, hub, footer, errors). */
const REQUIRED_SECTIONS = ["common.", "nav.", "footer.", "hub.", "error."];
/** The account screens (decision 020); serverMessages and meta hold other issues' texts too, so only the account ones are listed. */
const ACCOUNT_SECTIONS = [
  "auth.",
  "follow.",
  "saved.",
  "privateApis.",
  "profile.",
  "settings.",
  "org.",
  "invitations.",
];
const ACCOUNT_KEYS = [
  ...[
    "signInFailed",
    "usernameTaken",
    "emailUnavailable",
    "emailRequired",
    "emailInvalid",
    "passwordRequired",
    "passwordTooShort",
    "passwordTooLong",
    "passwordCommon",
    "passwordLikeName",
    "usernameRequired",
    "usernameTooShort",
    "usernameTooLong",
    "usernameChars",
    "usernameReserved",
    "resetLinkInvalid",
    "addDevelopersFailed",
    "removeDevelopersFailed",
    "lastAdmin",
    "alreadyMember",
    "userAlreadyMember",
    "noSuchUser",
    "teamExists",
    "selfFollow",
    "signInToContinue",
    "signUpLimited",
  ].map((k) => `serverMessages.${k}`),
  ...[
    "signInTitle",
    "signUpTitle",
    "forgotPasswordTitle",
    "resetPasswordTitle",
    "profileTitle",
    "profileDescription",
    "settingsTitle",
    "savedApisTitle",
    "orgManageTitle",
    "orgCreateTitle",
    "orgJoinTitle",
    "orgHomepageTitle",
  ].map((k) => `meta.${k}`),
];
const pluralBase = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, "_other");

describe.each(PREFIXED_LOCALES)("catalog %s", (locale) => {
  const target = flatten(TRANSLATIONS[locale] as Messages);

  it("translates every layout, hub, footer and error string", () => {
    const missing = [...source.keys()].filter(
      (key) => REQUIRED_SECTIONS.some((s) => key.startsWith(s)) && !target.has(key) && !target.has(pluralBase(key)),
    );
    expect(missing).toEqual([]);
  });

  it("translates the account screens (sign-in, sign-up, reset, profile, settings, organizations, sharing)", () => {
    const missing = [...source.keys()].filter(
      (key) =>
        (ACCOUNT_SECTIONS.some((s) => key.startsWith(s)) || ACCOUNT_KEYS.includes(key)) &&
        !target.has(key) &&
        !target.has(pluralBase(key)),
    );
    expect(missing).toEqual([]);
  });

  it("has every en-US key, with the plural forms the language needs (`npx tsx scripts/i18n.ts missing`)", () => {
    expect(missingKeys(locale, SOURCE_CATALOG, TRANSLATIONS[locale] as Messages)).toEqual([]);
  });

  it("has no unknown key and the same placeholders as en-US in every text", () => {
    expect(catalogProblems(SOURCE_CATALOG, TRANSLATIONS[locale] as Messages)).toEqual([]);
  });

  it("keeps the spec texts out of the English fallback path (they are translated)", () => {
    expect(target.get("error.notFoundMessage")).not.toBe(source.get("error.notFoundMessage"));
    expect(target.get("nav.searchPlaceholder")).not.toBe("Search for APIs");
  });
});
