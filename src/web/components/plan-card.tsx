import { formatMoney } from "../../core/billing/money";
import { useTranslation } from "../i18n/use-translation";
import { formatNumber } from "../lib/format";
import { useLocale } from "../lib/root-data";
import type { PricingActionResult, PricingApp, PricingContext } from "../routes/api/api-pricing-types";
import { CheckIcon } from "./account-icons";
import { Badge } from "./app-form-bits";
import { SUBSCRIPTION_TONE } from "./app-subscriptions";
import { PlanSubscribe } from "./plan-subscribe";
import { formatMicros, type PlanView, quotaLabel, rateLimitLabel } from "./plan-view";

/** The limits of a plan as a definition list: rate limit, quota, hard limit or overage, per-endpoint objects. */
export function PlanLimits(props: { plan: PlanView }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { plan } = props;
  const num = (n: number) => formatNumber(n, locale);
  return (
    <dl className="flex flex-col gap-2 text-sm">
      <div className="flex justify-between gap-3">
        <dt className="text-slate-500 dark:text-slate-400">{t("pricing.rateLimit")}</dt>
        <dd data-testid="plan-rate-limit" className="text-end font-medium">
          {rateLimitLabel(t, plan.rateLimit)}
        </dd>
      </div>
      <div className="flex justify-between gap-3">
        <dt className="text-slate-500 dark:text-slate-400">{t("pricing.quota")}</dt>
        <dd data-testid="plan-quota" className="text-end font-medium">
          {quotaLabel(t, plan.quota, plan.quotaPeriod, num)}
        </dd>
      </div>
      {plan.quota !== null && (
        <div className="flex justify-between gap-3">
          <dt className="text-slate-500 dark:text-slate-400">{t("pricing.aboveQuota")}</dt>
          <dd data-testid="plan-limit-mode" data-hard={plan.hardLimit} className="text-end font-medium">
            {plan.hardLimit
              ? t("pricing.hardLimit")
              : t("pricing.overage", { price: formatMicros(plan.overagePriceMicros, plan.currency, locale) })}
          </dd>
        </div>
      )}
      {plan.objects.map((o) => (
        <div
          key={o.id}
          data-testid="plan-object"
          className="flex flex-col gap-0.5 rounded-lg bg-slate-50 p-2 dark:bg-slate-950/50"
        >
          <div className="flex justify-between gap-3">
            <dt className="font-medium" dir="auto">
              {o.name}
            </dt>
            <dd className="text-end font-medium">
              {quotaLabel(t, o.quota, o.quotaPeriod, num)}
              {" · "}
              {o.hardLimit
                ? t("pricing.hardLimit")
                : t("pricing.overage", { price: formatMicros(o.overagePriceMicros, plan.currency, locale) })}
            </dd>
          </div>
          <dd className="flex flex-wrap gap-1">
            {o.endpoints.map((e) => (
              <code
                key={e}
                dir="ltr"
                className="rounded bg-white px-1.5 py-0.5 font-mono text-[11px] dark:bg-slate-900"
              >
                {e}
              </code>
            ))}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** One plan of the Pricing tab: price, badges, limits, features and the subscribe action. */
export function PlanCard(props: {
  plan: PlanView;
  apiName: string;
  apps: PricingApp[];
  contexts: PricingContext[];
  supportEmail: string;
  signedIn: boolean;
  noScriptResult: PricingActionResult | null;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { plan } = props;
  const subscribedApps = props.apps.filter((a) => a.subscription?.planId === plan.id);
  return (
    <article
      data-testid="plan-card"
      data-plan-id={plan.id}
      data-plan-name={plan.name}
      aria-labelledby={`plan-${plan.id}-name`}
      className={`relative flex w-full flex-col gap-4 rounded-2xl border bg-white p-5 shadow-sm dark:bg-slate-900 ${
        plan.recommended ? "border-accent ring-1 ring-accent" : "border-slate-200 dark:border-slate-800"
      } ${plan.deprecated ? "opacity-80" : ""}`}
    >
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={`plan-${plan.id}-name`} data-testid="plan-name" dir="auto" className="text-lg font-bold">
            {plan.name}
          </h3>
          {plan.recommended && (
            <Badge tone="accent" testId="plan-recommended">
              {t("pricing.recommended")}
            </Badge>
          )}
          {plan.deprecated && (
            <Badge tone="neutral" testId="plan-deprecated">
              {t("pricing.deprecated")}
            </Badge>
          )}
          {plan.private && (
            <Badge tone="warning" testId="plan-private">
              {t("pricing.private")}
            </Badge>
          )}
        </div>
        <p className="flex items-baseline gap-1">
          <span data-testid="plan-price" className="text-3xl font-bold tracking-tight">
            {plan.isFree
              ? t("pricing.free")
              : formatMoney({ amountMinor: plan.monthlyPriceCents, currency: plan.currency }, locale)}
          </span>
          {!plan.isFree && <span className="text-sm text-slate-500 dark:text-slate-400">{t("pricing.perMonth")}</span>}
        </p>
        {plan.approvalRequired && (
          <p className="text-xs text-slate-500 dark:text-slate-400">{t("pricing.approvalRequired")}</p>
        )}
      </header>
      <PlanLimits plan={plan} />
      {plan.features.length > 0 && (
        <ul data-testid="plan-features" className="flex flex-col gap-1.5 text-sm">
          {plan.features.map((f) => (
            <li key={f} className="flex items-start gap-2" dir="auto">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" />
              <span>{f}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-auto flex flex-col gap-2 pt-2">
        {subscribedApps.map((a) => (
          <p key={a.id} data-testid="plan-subscribed-app" className="flex flex-wrap items-center gap-2 text-sm">
            <span dir="auto">{a.name}</span>
            {a.subscription && (
              <Badge tone={SUBSCRIPTION_TONE[a.subscription.status]}>
                {t(`apps.subscriptionStatus.${a.subscription.status}`)}
              </Badge>
            )}
          </p>
        ))}
        <PlanSubscribe
          plan={plan}
          apiName={props.apiName}
          apps={props.apps}
          contexts={props.contexts}
          supportEmail={props.supportEmail}
          signedIn={props.signedIn}
          noScriptResult={props.noScriptResult}
        />
      </div>
    </article>
  );
}
