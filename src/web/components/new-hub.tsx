import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import type { ApiCard as ApiCardData, CollectionSummary } from "../../core/catalog/catalog.types";
import { useTranslation } from "../i18n/use-translation";
import { setYearCookie } from "../lib/browser-cookie";
import { formatNumber } from "../lib/format";
import { useLocale, useLocalize } from "../lib/root-data";
import { ApiCardGrid } from "./api-card";
import { LocalLink } from "./localized-link";

/** Spec section 4: the new hub experience is chosen with cookie pubhub=1, then the page reloads after 100 ms. */
export const PUBHUB_COOKIE = "pubhub";
export const HUB_RELOAD_DELAY_MS = 100;

export function chooseHubExperience(newHub: boolean): void {
  setYearCookie(PUBHUB_COOKIE, newHub ? "1" : "0");
  window.setTimeout(() => window.location.reload(), HUB_RELOAD_DELAY_MS);
}

/** The offer on the classic hub, or the way back on the new one (only where the flag and tenant allow it). */
export function HubExperienceSwitch(props: { newHub: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-[1320px] flex-wrap items-center justify-end gap-3 px-4 pt-4 text-sm sm:px-6">
      <span className="text-slate-600 dark:text-slate-400">{t(props.newHub ? "newHub.using" : "newHub.offer")}</span>
      <button
        type="button"
        data-testid={props.newHub ? "hub-classic" : "hub-try-new"}
        onClick={() => chooseHubExperience(!props.newHub)}
        className="rounded-lg border border-accent px-3 py-1.5 font-semibold text-accent hover:bg-accent/10"
      >
        {t(props.newHub ? "newHub.back" : "newHub.try")}
      </button>
    </div>
  );
}

interface NewHubProps {
  rows: Array<{ collection: CollectionSummary; apis: ApiCardData[] }>;
  categories: Array<{ id: string; slug: string; name: string; apiCount: number }>;
  stats: { apiCount: number; categoryCount: number; endpointCount: number };
}

/**
 * The new hub experience: search first, then every popular category as a tile, then each collection as a grid of
 * its top APIs (the classic hub shows a marketing hero and carousels). Same data, a denser, task-first layout.
 */
export function NewHub(props: NewHubProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const localize = useLocalize();
  const navigate = useNavigate();
  const [term, setTerm] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Spec section 5: slashes removed; only a non-empty cleaned term navigates.
    const cleaned = term.replace(/\//g, "").trim();
    if (cleaned) navigate(localize(`/search/${encodeURIComponent(cleaned)}`));
  };
  return (
    <div data-testid="new-hub" className="mx-auto flex max-w-[1320px] flex-col gap-12 px-4 py-10 sm:px-6">
      <section className="rounded-3xl bg-gradient-to-br from-accent/15 to-transparent p-6 sm:p-10">
        <h1
          data-testid="hero-title"
          className="text-3xl font-extrabold tracking-tight first-letter:uppercase sm:text-4xl"
        >
          {t("hub.heroTitle")}
        </h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          {t("hub.catalogSummary", {
            apis: formatNumber(props.stats.apiCount, locale),
            categories: formatNumber(props.stats.categoryCount, locale),
            endpoints: formatNumber(props.stats.endpointCount, locale),
          })}
        </p>
        <search className="mt-6 block max-w-2xl">
          <form onSubmit={submit} className="flex gap-2">
            <label htmlFor="new-hub-search" className="sr-only">
              {t("nav.searchPlaceholder")}
            </label>
            <input
              id="new-hub-search"
              type="search"
              value={term}
              onChange={(e) => setTerm(e.target.value)}
              placeholder={t("nav.searchPlaceholder")}
              className="min-w-0 flex-1 rounded-xl border border-slate-300 bg-white px-4 py-3 text-base shadow-sm dark:border-slate-700 dark:bg-slate-950"
            />
            <button
              type="submit"
              className="rounded-xl bg-accent px-5 py-3 font-semibold text-white hover:brightness-110"
            >
              {t("newHub.search")}
            </button>
          </form>
        </search>
      </section>
      {props.categories.length > 0 && (
        <section aria-labelledby="new-hub-categories">
          <h2 id="new-hub-categories" className="mb-4 text-xl font-bold tracking-tight">
            {t("hub.popularCategories")}
          </h2>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            {props.categories.map((c) => (
              <li key={c.id}>
                <LocalLink
                  to={`/category/${c.slug}`}
                  className="flex h-full flex-col gap-1 rounded-2xl border border-slate-200 bg-white p-4 transition hover:border-accent dark:border-slate-800 dark:bg-slate-900"
                >
                  <span className="font-semibold">{c.name}</span>
                  <span className="text-sm text-slate-500 dark:text-slate-400">
                    {t("common.apiCount", { count: c.apiCount })}
                  </span>
                </LocalLink>
              </li>
            ))}
          </ul>
        </section>
      )}
      {props.rows.map((row) => (
        <section key={row.collection.id} aria-labelledby={`new-hub-${row.collection.slug}`}>
          <div className="mb-4 flex items-end justify-between gap-4">
            <h2 id={`new-hub-${row.collection.slug}`} className="text-xl font-bold tracking-tight">
              {row.collection.name}
            </h2>
            <LocalLink
              to={`/collection/${row.collection.slug}`}
              className="rounded-lg px-2 py-1 text-sm font-semibold text-accent hover:bg-accent/10"
            >
              {t("common.viewAll")}
            </LocalLink>
          </div>
          <ApiCardGrid apis={row.apis.slice(0, 8)} />
        </section>
      ))}
    </div>
  );
}
