import { formatMoney, resolveCurrency } from "../../core/billing/money";
import { getCatalogStats } from "../../core/catalog/catalog.service";
import { CheckIcon } from "../components/account-icons";
import { Container } from "../components/page-header";
import { ButtonLink } from "../components/ui/button";
import { useTranslation } from "../i18n/use-translation";
import type { RouteHandle } from "../lib/breadcrumbs";
import { formatNumber } from "../lib/format";
import { notFound } from "../lib/http-errors";
import { pageMeta } from "../lib/meta";
import { useLocale } from "../lib/root-data";
import type { Route } from "./+types/pricing";

/** /pricing (spec section 2 "Pricing page"): only when the tenant's pricing_app feature flag is on; 404 otherwise. */
export async function loader({ context }: Route.LoaderArgs) {
  const config = context.tenant.config;
  if (!config.featureFlags.pricing_app) notFound();
  const stats = await getCatalogStats(context.db, context.tenant.id);
  return {
    currency: resolveCurrency(null, config.defaultCurrency),
    apiCount: stats.apiCount,
  };
}

export const handle: RouteHandle = { breadcrumb: () => [{ path: "/pricing", labelKey: "pricingPage.breadcrumb" }] };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { key: "pricingPage.metaTitle" }, { key: "pricingPage.metaDescription" });

const TIERS = [
  { id: "free", to: "/hub", featured: false },
  { id: "paid", to: "/search?pricing=PAID", featured: true },
  { id: "organizations", to: "/org/organizations/create", featured: false },
] as const;
const POINTS = ["p1", "p2", "p3", "p4"] as const;
const FAQ = [1, 2, 3, 4, 5] as const;

function PlansOverview(props: { currency: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <section aria-label={t("pricingPage.plansLabel")} className="grid gap-5 lg:grid-cols-3">
      {TIERS.map((tier) => (
        <article
          key={tier.id}
          data-testid="pricing-tier"
          aria-labelledby={`tier-${tier.id}`}
          className={`relative flex flex-col gap-5 rounded-2xl border bg-white p-6 shadow-sm dark:bg-slate-900 ${
            tier.featured ? "border-accent ring-1 ring-accent" : "border-slate-200 dark:border-slate-800"
          }`}
        >
          {tier.featured && (
            <span className="absolute -top-3 start-6 rounded-full bg-accent-fill px-3 py-0.5 text-xs font-semibold text-white">
              {t("pricingPage.popular")}
            </span>
          )}
          <header className="flex flex-col gap-1">
            <h3 id={`tier-${tier.id}`} className="text-lg font-bold">
              {t(`pricingPage.${tier.id}.name`)}
            </h3>
            <p className="text-3xl font-bold tracking-tight">
              {tier.id === "free"
                ? formatMoney({ amountMinor: 0, currency: props.currency }, locale)
                : t(`pricingPage.${tier.id}.price`)}
            </p>
            <p className="text-sm text-slate-600 dark:text-slate-400">{t(`pricingPage.${tier.id}.tagline`)}</p>
          </header>
          <ul className="flex flex-col gap-2 text-sm">
            {POINTS.map((p) => (
              <li key={p} className="flex items-start gap-2">
                <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" />
                <span>{t(`pricingPage.${tier.id}.features.${p}`)}</span>
              </li>
            ))}
          </ul>
          <ButtonLink
            to={tier.to}
            data-testid={`pricing-cta-${tier.id}`}
            variant={tier.featured ? "primary" : "quiet"}
            size="custom"
            className="mt-auto inline-flex justify-center rounded-lg px-4 py-2.5 text-sm"
          >
            {t(`pricingPage.${tier.id}.cta`)}
          </ButtonLink>
        </article>
      ))}
    </section>
  );
}

function ScaleBlock(props: { apiCount: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const stats = [
    { value: t("hub.statDevelopersValue"), label: t("hub.statDevelopersLabel") },
    { value: t("hub.statCountriesValue"), label: t("hub.statCountriesLabel") },
    { value: t("hub.statCallsValue"), label: t("hub.statCallsLabel") },
    { value: formatNumber(props.apiCount, locale), label: t("pricingPage.statApisHere") },
  ];
  return (
    <section
      data-testid="pricing-scale"
      aria-labelledby="pricing-scale-title"
      className="grid gap-8 rounded-3xl bg-slate-900 p-8 text-white sm:p-10 lg:grid-cols-2 dark:bg-slate-950 dark:ring-1 dark:ring-slate-800"
    >
      <div className="flex flex-col gap-3">
        <p className="text-xs font-semibold tracking-widest text-sky-300 uppercase">{t("pricingPage.scaleKicker")}</p>
        <h2 id="pricing-scale-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t("pricingPage.scaleTitle")}
        </h2>
        <p className="text-slate-300">{t("pricingPage.scaleText")}</p>
      </div>
      <dl className="grid grid-cols-2 gap-4">
        {stats.map((s) => (
          <div key={s.label} className="flex flex-col-reverse gap-1 rounded-2xl bg-white/5 p-4 ring-1 ring-white/10">
            <dt className="text-sm text-slate-300">{s.label}</dt>
            <dd className="text-2xl font-bold">{s.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function DashboardBlock() {
  const { t } = useTranslation();
  return (
    <section
      data-testid="pricing-dashboard"
      aria-labelledby="pricing-dashboard-title"
      className="grid items-center gap-8 rounded-3xl border border-slate-200 bg-white p-8 sm:p-10 lg:grid-cols-2 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-col gap-3">
        <p className="text-xs font-semibold tracking-widest text-accent uppercase">
          {t("pricingPage.dashboardKicker")}
        </p>
        <h2 id="pricing-dashboard-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t("pricingPage.dashboardTitle")}
        </h2>
        <p className="text-slate-600 dark:text-slate-400">{t("pricingPage.dashboardText")}</p>
        <ButtonLink
          to="/developer/dashboard"
          rel="nofollow"
          size="custom"
          className="mt-2 inline-flex w-fit rounded-lg px-4 py-2.5 text-sm"
        >
          {t("pricingPage.dashboardCta")}
        </ButtonLink>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2">
        {POINTS.map((p) => (
          <li
            key={p}
            className="flex items-start gap-2 rounded-xl bg-slate-50 p-4 text-sm font-medium dark:bg-slate-950/60"
          >
            <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" />
            <span>{t(`pricingPage.dashboardPoints.${p}`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Five questions as native disclosures: keyboard and screen reader support without script. */
function Faq() {
  const { t } = useTranslation();
  return (
    <section
      data-testid="pricing-faq"
      aria-labelledby="pricing-faq-title"
      className="mx-auto flex w-full max-w-3xl flex-col gap-4"
    >
      <h2 id="pricing-faq-title" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
        {t("pricingPage.faqTitle")}
      </h2>
      <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {FAQ.map((n) => (
          <details key={n} data-testid="faq-item" className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-semibold hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-accent dark:hover:bg-slate-800/60 [&::-webkit-details-marker]:hidden">
              <span>{t(`pricingPage.faq.q${n}`)}</span>
              <span aria-hidden="true" className="text-xl leading-none text-slate-400 transition group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="px-5 pb-5 text-slate-600 dark:text-slate-300">{t(`pricingPage.faq.a${n}`)}</p>
          </details>
        ))}
      </div>
    </section>
  );
}

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div data-testid="pricing-page">
      <div className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900/40">
        <Container className="flex flex-col items-center gap-3 py-14 text-center">
          <p className="text-xs font-semibold tracking-widest text-accent uppercase">{t("pricingPage.kicker")}</p>
          <h1 className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">{t("pricingPage.title")}</h1>
          <p className="max-w-2xl text-lg text-slate-600 dark:text-slate-400">{t("pricingPage.intro")}</p>
        </Container>
      </div>
      <Container className="flex flex-col gap-14 py-12">
        <PlansOverview currency={loaderData.currency} />
        <ScaleBlock apiCount={loaderData.apiCount} />
        <DashboardBlock />
        <Faq />
      </Container>
    </div>
  );
}
