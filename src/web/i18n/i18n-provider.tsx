import { createInstance, type i18n, type TFunction } from "i18next";
import { type ReactNode, useMemo } from "react";
import { isolateBidi } from "../../common/i18n/bidi";
import type { Messages } from "../../common/i18n/catalog";
import { directionOf, type Locale } from "../../common/locales";
import { memoizeT } from "./memo-t";
import { TranslationContext } from "./use-translation";

/**
 * One i18next instance per render tree, created synchronously from the resources the root loader sent: the server
 * (per request) and the browser (hydration) build it from the same data, so both render the same text.
 */
export function createI18n(locale: Locale, resources: Messages): i18n {
  const instance = createInstance();
  const rtl = directionOf(locale) === "rtl";
  // Right-to-left pages isolate every interpolated value (names, versions, dates, counts) from the sentence around
  // it, so mixed-direction text keeps its order ("עודכן ב-13 בנוב׳ 2026" next to "גרסה 2.0.1"). The catalogs use no
  // i18next format names, so this formatter replaces the built-in one.
  if (rtl) instance.use({ type: "formatter", init: () => {}, format: (value: unknown) => isolateBidi(value) });
  void instance.init({
    lng: locale,
    resources: { [locale]: { translation: resources } },
    // en-US is already merged into `resources` on the server (build-resources.ts).
    fallbackLng: false,
    load: "currentOnly",
    initAsync: false,
    interpolation: { escapeValue: false, alwaysFormat: rtl },
  });
  return instance;
}

/*
 * One translation context per resources object and locale. The server's root loader hands every request of a language
 * (and tenant strings) the same cached resources object, so requests share the instance instead of building one each
 * time (about half a millisecond of /hub's CPU). Nothing mutates an instance after init: the language is fixed and no
 * resources are added, so sharing it cannot leak one request's state into another. The WeakMap lets replaced
 * resources (tenant strings edited) be collected with their instances.
 */
const contexts = new WeakMap<Messages, Map<Locale, { t: TFunction }>>();

function translationContextFor(locale: Locale, resources: Messages): { t: TFunction } {
  let byLocale = contexts.get(resources);
  if (!byLocale) {
    byLocale = new Map();
    contexts.set(resources, byLocale);
  }
  let value = byLocale.get(locale);
  if (!value) {
    const instance = createI18n(locale, resources);
    // The instance's own t (not getFixedT): no per-call option wrapping, and the language is fixed per instance.
    value = { t: memoizeT(instance.t.bind(instance) as TFunction, resources) };
    byLocale.set(locale, value);
  }
  return value;
}

export function I18nProvider(props: { locale: Locale; resources: Messages; children: ReactNode }) {
  const { locale, resources } = props;
  const value = useMemo(() => translationContextFor(locale, resources), [locale, resources]);
  return <TranslationContext.Provider value={value}>{props.children}</TranslationContext.Provider>;
}
