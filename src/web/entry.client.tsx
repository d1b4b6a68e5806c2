import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { isLocale } from "../common/locales";
import { loadCatalog } from "./i18n/catalog-store";
import { formatDate, formatNumber } from "./lib/format";

/**
 * React Router's default browser entry, after the page's translation catalog has arrived (decision 161: it is a
 * cacheable file of its own, preloaded by the page, no longer part of every page's data). Hydrating without it would
 * render message keys over the server's text. If it cannot be fetched the page stays as the server rendered it: its
 * links and forms work without JavaScript.
 */
async function hydrate(): Promise<void> {
  const href = document.querySelector<HTMLMetaElement>('meta[name="i18n-catalog"]')?.content;
  const catalog = href ? loadCatalog(href) : null;
  // The ICU data of the page's language, loaded by the warm-up worker the after-paint script started (decision 165);
  // without it, the formatters are made here in tasks of their own.
  await (window.__porticoIntl ?? warmIntl(document.documentElement.lang));
  if (catalog) await catalog;
  // From here React handles clicks: the after-paint script stops recording them for replay.
  window.__porticoHydrating = true;
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

declare global {
  interface Window {
    /** Settles when the Intl warm-up worker is done (src/web/lib/app-after-paint-script.ts). */
    __porticoIntl?: Promise<void>;
    /** Set when hydration starts (the after-paint script's click replay stops recording). */
    __porticoHydrating?: boolean;
    /** Clicks the script button clicked before hydration started, if any (the after-paint script). */
    __porticoReplayClick?: () => void;
  }
}

/**
 * The first number format, plural rules and date format of a page's language, each made in a task of its own while the
 * catalog is on its way. The first of each loads its locale data: tens of milliseconds on a phone, which made the
 * render of the component that needed it (the search tabs' counts, the API page's date) one long task.
 */
async function warmIntl(lang: string): Promise<void> {
  if (!isLocale(lang)) return;
  const steps = [() => formatNumber(1234, lang), () => new Intl.PluralRules(lang).select(1), () => formatDate(0, lang)];
  for (const step of steps) {
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
    step();
  }
}

hydrate().catch((error: unknown) => {
  console.error(error);
});
