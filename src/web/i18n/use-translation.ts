import type { TFunction } from "i18next";
import { createContext, useContext } from "react";

/**
 * The translation function of the page's i18next instance, through a plain React context. react-i18next's
 * useTranslation copies every property descriptor of the instance on each call during server rendering (17.x
 * createI18nWrapper): with a few hundred calls per catalog page that was a fifth of /hub's server CPU. The instance is
 * created once per render tree and replaced when the language changes (I18nProvider), so a context is all we need.
 */
export const TranslationContext = createContext<{ t: TFunction } | null>(null);

// Outside a provider (the shell's last-resort error page): keys come back as they are, like react-i18next does.
const KEYS_ONLY = { t: ((key: string) => key) as unknown as TFunction };

export function useTranslation(): { t: TFunction } {
  return useContext(TranslationContext) ?? KEYS_ONLY;
}
