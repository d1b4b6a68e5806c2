import type { TFunction } from "i18next";
import { enUS } from "../../common/i18n/locales/en-US";

/*
 * The server answers with English texts (field-level zod messages, spec error texts). The en-US catalog's
 * serverMessages section holds the same texts under keys, so the UI shows them in the reader's language; a text
 * without a key (a list of refused usernames, say) is shown as it came.
 */
const KEY_BY_TEXT = new Map<string, string>(
  Object.entries(enUS.serverMessages).map(([key, text]) => [text, `serverMessages.${key}`]),
);

export function translateServerMessage(t: TFunction, message: string): string {
  const key = KEY_BY_TEXT.get(message);
  return key ? t(key) : message;
}

export type FieldMessages = Record<string, string>;

/** Field errors with every message translated. */
export function translateFields(t: TFunction, fields: FieldMessages | undefined): FieldMessages {
  const out: FieldMessages = {};
  for (const [name, message] of Object.entries(fields ?? {})) out[name] = translateServerMessage(t, message);
  return out;
}
