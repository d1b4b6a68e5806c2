import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadCatalog } from "./i18n/catalog-store";

/**
 * React Router's default browser entry, after the page's translation catalog has arrived (decision 161: it is a
 * cacheable file of its own, preloaded by the page, no longer part of every page's data). Hydrating without it would
 * render message keys over the server's text. If it cannot be fetched the page stays as the server rendered it: its
 * links and forms work without JavaScript.
 */
async function hydrate(): Promise<void> {
  const href = document.querySelector<HTMLLinkElement>("link[data-i18n-catalog]")?.getAttribute("href");
  if (href) await loadCatalog(href);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

hydrate().catch((error: unknown) => {
  console.error(error);
});
