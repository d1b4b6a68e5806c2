import { redirect } from "react-router";
import { rootLocaleRedirect } from "../../common/i18n/locale-path";
import { SHARED_PAGE_HEADERS } from "../../common/shared-page";
import { DEFAULT_TENANT_ID } from "../../common/tenant-config";
import { getHubAggregates } from "../../core/catalog/catalog.service";
import { getCatalogLocalizer } from "../../core/catalog/catalog-translations.service";
import { CollectionCarousel } from "../components/collection-carousel";
import { LocalLink } from "../components/localized-link";
import { HubExperienceSwitch, NewHub } from "../components/new-hub";
import { SearchBox } from "../components/search-box";
import { ButtonLink } from "../components/ui/button";
import { EmptyState } from "../components/ui/empty-state";
import { useTranslation } from "../i18n/use-translation";
import { formatNumber } from "../lib/format";
import { pageMeta } from "../lib/meta";
import { pageLocale } from "../lib/page-locale";
import { useLocale } from "../lib/root-data";
import type { StaticVisitorHandle } from "../lib/static-visitor-page";
import type { Route } from "./+types/home";

// Fewer, lighter rows (issue 18): three collections of six cards (four on a wide screen, two more a scroll away; the
// page's HTML stays under 80 KB, decision 162); the full lists are one link away.
const CAROUSEL_COLLECTIONS = 3;
const CAROUSEL_SIZE = 6;
const POPULAR_CATEGORIES = 12;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // Spec section 4: language detection (cookie, then browser) happens only at the root "/".
  if (params.lang === undefined && url.pathname === "/") {
    const target = rootLocaleRedirect(context.cookieLocale, context.acceptLanguage);
    if (target) throw redirect(target + url.search, { headers: { Vary: "Cookie, Accept-Language" } });
  }
  const { db, tenant } = context;
  // Viewer-independent and cached per tenant for a few seconds; follow/save state comes from the root session.
  const [{ carousel, categories, stats }, localizer] = await Promise.all([
    getHubAggregates(db, tenant.id, { collections: CAROUSEL_COLLECTIONS, perCollection: CAROUSEL_SIZE }),
    getCatalogLocalizer(db, tenant.id, pageLocale(params)),
  ]);
  const popular = [...categories]
    .filter((c) => c.apiCount > 0)
    .sort((a, b) => b.apiCount - a.apiCount)
    .slice(0, POPULAR_CATEGORIES)
    .map(localizer.category);
  const localCarousel = carousel.map((c) => ({
    collection: localizer.collection(c.collection),
    apis: c.apis.map(localizer.card),
  }));
  // Spec section 4: the new hub experience needs its flag and a tenant other than 1; the visitor opts in (pubhub=1).
  const newHubAvailable = tenant.config.featureFlags["new-hub-experience"] && tenant.id !== DEFAULT_TENANT_ID;
  const newHub = newHubAvailable && /(?:^|;\s*)pubhub=1(?:;|$)/.test(request.headers.get("cookie") ?? "");
  return { carousel: localCarousel, popular, stats, newHubAvailable, newHub };
}

/**
 * A signed-out visitor gets the hub as server HTML without React (decision 162): its cards are links until someone
 * acts. The opt-in new hub experience stays a React page.
 */
export const handle: StaticVisitorHandle = {
  staticForVisitors: (data) =>
    typeof data === "object" && data !== null && "newHubAvailable" in data && data.newHubAvailable === false,
};

/** The same for every signed-out visitor (decision 161): the server may answer the next one from the rendered page. */
export function headers() {
  return { Vary: "Cookie, Accept-Language", ...SHARED_PAGE_HEADERS };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { key: "meta.homeTitle" }, { key: "meta.homeDescription" });

const CLAIMS = [
  { value: "hub.statDevelopersValue", label: "hub.statDevelopersLabel" },
  { value: "hub.statCountriesValue", label: "hub.statCountriesLabel" },
  { value: "hub.statApisValue", label: "hub.statApisLabel" },
  { value: "hub.statCallsValue", label: "hub.statCallsLabel" },
] as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { carousel, popular, stats } = loaderData;
  if (loaderData.newHub) {
    return (
      <>
        <HubExperienceSwitch newHub />
        <NewHub rows={carousel} categories={popular} stats={stats} />
      </>
    );
  }
  return (
    <>
      {loaderData.newHubAvailable && <HubExperienceSwitch newHub={false} />}
      <section className="relative overflow-hidden bg-slate-950 text-white">
        <div
          aria-hidden="true"
          className="absolute inset-0 opacity-90"
          style={{
            background:
              "radial-gradient(60rem 30rem at 15% -10%, color-mix(in oklab, var(--color-accent) 55%, transparent), transparent 60%), radial-gradient(40rem 24rem at 95% 10%, rgb(124 58 237 / 0.35), transparent 60%)",
          }}
        />
        <div className="relative mx-auto max-w-[1320px] px-4 py-10 sm:px-6 md:py-16">
          <p className="text-sm font-semibold tracking-widest text-sky-300 uppercase">{t("hub.heroKicker")}</p>
          <h1
            data-testid="hero-title"
            className="mt-3 max-w-3xl text-3xl leading-[1.1] font-extrabold tracking-tight first-letter:uppercase sm:text-5xl"
          >
            {t("hub.heroTitle")}
          </h1>
          {/* The first thing a visitor can do is search (issue 18): the top bar's search, with typeahead, made large. */}
          <div data-testid="hero-search" className="mt-6 max-w-2xl">
            <SearchBox variant="hero" />
          </div>
          <p data-testid="hero-claims" className="mt-5 max-w-2xl text-lg text-slate-300">
            {t("hub.heroClaims")}
          </p>
          <p className="mt-2 text-sm text-slate-400">
            {t("hub.catalogSummary", {
              apis: formatNumber(stats.apiCount, locale),
              categories: formatNumber(stats.categoryCount, locale),
              endpoints: formatNumber(stats.endpointCount, locale),
            })}
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to="/categories" size="custom" className="rounded-lg px-5 py-3 shadow-lg shadow-accent/25">
              {t("hub.browseCategories")}
            </ButtonLink>
            <LocalLink
              to="/collections"
              className="rounded-lg border border-white/25 bg-white/5 px-5 py-3 font-semibold text-white transition hover:bg-white/10"
            >
              {t("hub.exploreCollections")}
            </LocalLink>
          </div>
          <dl
            aria-label={t("hub.claimsLabel")}
            className="mt-10 grid max-w-4xl grid-cols-2 gap-px overflow-hidden rounded-2xl border border-white/10 bg-white/10 md:grid-cols-4"
          >
            {CLAIMS.map((claim) => (
              <div key={claim.value} className="flex flex-col-reverse gap-1 bg-slate-950/60 px-5 py-4 backdrop-blur">
                <dt className="text-sm text-slate-400">{t(claim.label)}</dt>
                <dd className="text-2xl font-bold tracking-tight">
                  <bdi>{t(claim.value)}</bdi>
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <div className="mx-auto flex max-w-[1320px] flex-col gap-14 px-4 py-12 sm:px-6">
        {popular.length > 0 && (
          <section aria-labelledby="popular-categories">
            <div className="mb-4 flex items-end justify-between gap-4">
              <h2 id="popular-categories" className="text-xl font-bold tracking-tight">
                {t("hub.popularCategories")}
              </h2>
              <ButtonLink to="/categories" variant="ghost" size="custom" className="rounded-lg px-2 py-1 text-sm">
                {t("hub.allCategories")}
              </ButtonLink>
            </div>
            <ul className="flex flex-wrap gap-2">
              {popular.map((category) => (
                <li key={category.id}>
                  <LocalLink to={`/category/${category.slug}`} data-testid="category-chip" className="category-chip">
                    {category.name}
                    <span className="count-pill">{formatNumber(category.apiCount, locale)}</span>
                  </LocalLink>
                </li>
              ))}
            </ul>
          </section>
        )}
        {carousel.length === 0 ? (
          <EmptyState size="lg">{t("hub.emptyCatalog")}</EmptyState>
        ) : (
          carousel.map((row) => (
            <CollectionCarousel key={row.collection.id} collection={row.collection} apis={row.apis} />
          ))
        )}
      </div>
    </>
  );
}
