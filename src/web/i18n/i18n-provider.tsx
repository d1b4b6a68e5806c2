import { createInstance, type i18n, type TFunction } from "i18next";
import { type ReactNode, useMemo } from "react";
import type { Messages } from "../../common/i18n/catalog";
import type { Locale } from "../../common/locales";
import { TranslationContext } from "./use-translation";

/**
 * One i18next instance per render tree, created synchronously from the resources the root loader sent: the server
 * (per request) and the browser (hydration) build it from the same data, so both render the same text.
 */
export function createI18n(locale: Locale, resources: Messages): i18n {
  const instance = createInstance();
  void instance.init({
    lng: locale,
    resources: { [locale]: { translation: resources } },
    // en-US is already merged into `resources` on the server (build-resources.ts).
    fallbackLng: false,
    load: "currentOnly",
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance;
}

export function I18nProvider(props: { locale: Locale; resources: Messages; children: ReactNode }) {
  const { locale, resources } = props;
  const value = useMemo(() => {
    const instance = createI18n(locale, resources);
    // The instance's own t (not getFixedT): no per-call option wrapping, and the language is fixed per instance.
    return { t: instance.t.bind(instance) as TFunction };
  }, [locale, resources]);
  return <TranslationContext.Provider value={value}>{props.children}</TranslationContext.Provider>;
}
