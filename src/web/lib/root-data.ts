import { useCallback } from "react";
import { useRouteLoaderData } from "react-router";
import { localizePath } from "../../common/i18n/locale-path";
import { DEFAULT_LOCALE, type Locale } from "../../common/locales";
import type { loader } from "../root";

export type RootData = Awaited<ReturnType<typeof loader>>;

/** The root loader's data; undefined only when the root loader itself failed. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root") as RootData | undefined;
}

export function useLocale(): Locale {
  return useRootData()?.locale ?? DEFAULT_LOCALE;
}

/** Returns a function that puts an app path under the current language prefix. */
export function useLocalize(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localizePath(path, locale), [locale]);
}

/** The signed-in user's session data from the root loader; null when signed out. */
export function useSession() {
  return useRootData()?.session ?? null;
}
