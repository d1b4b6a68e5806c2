import { useState } from "react";
import { formatMoney } from "../../core/billing/money";
import { useTranslation } from "../i18n/use-translation";
import { useLocale } from "../lib/root-data";
import { Badge } from "./app-form-bits";
import { PlanLimits } from "./plan-card";
import { PlanForm } from "./plan-form";
import type { PlanView } from "./plan-view";

/** The provider's plans, each with its edit form, and a form for a new one. */
export function PlanEditor(props: { plans: PlanView[]; endpoints: string[]; currency: string; priceDigits: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  // Open at first when there is no plan yet, and left as the user sets it (a save must not fold it away).
  const [createOpen] = useState(props.plans.length === 0);
  return (
    <section aria-labelledby="plan-editor-title" className="flex flex-col gap-4">
      <h3 id="plan-editor-title" className="text-lg font-semibold">
        {t("plans.listTitle", { count: props.plans.length })}
      </h3>
      {props.plans.length === 0 && (
        <p data-testid="no-managed-plans" className="text-sm text-slate-500 dark:text-slate-400">
          {t("plans.none")}
        </p>
      )}
      <ul className="flex flex-col gap-4">
        {props.plans.map((plan) => (
          <li
            key={plan.id}
            data-testid="managed-plan"
            data-plan-name={plan.name}
            className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
          >
            <div className="flex flex-col gap-4 md:flex-row md:items-start">
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="text-lg font-bold" dir="auto">
                    {plan.name}
                  </span>
                  <span className="font-semibold text-slate-600 dark:text-slate-300">
                    {plan.isFree
                      ? t("pricing.free")
                      : `${formatMoney({ amountMinor: plan.monthlyPriceCents, currency: plan.currency }, locale)} ${t("pricing.perMonth")}`}
                  </span>
                  {plan.recommended && <Badge tone="accent">{t("pricing.recommended")}</Badge>}
                  {plan.private && <Badge tone="warning">{t("pricing.private")}</Badge>}
                  {plan.deprecated && (
                    <Badge tone="neutral" testId="managed-deprecated">
                      {t("pricing.deprecated")}
                    </Badge>
                  )}
                  {plan.approvalRequired && <Badge tone="neutral">{t("plans.approvalBadge")}</Badge>}
                </div>
              </div>
              <div className="md:w-80">
                <PlanLimits plan={plan} />
              </div>
            </div>
            <details className="mt-4">
              <summary data-testid="plan-edit" className="cursor-pointer text-sm font-semibold text-accent">
                {t("plans.edit")}
              </summary>
              <div className="mt-4">
                <PlanForm
                  plan={plan}
                  endpoints={props.endpoints}
                  currency={plan.currency}
                  priceDigits={props.priceDigits}
                />
              </div>
            </details>
          </li>
        ))}
      </ul>
      <details
        data-testid="plan-create"
        open={createOpen}
        className="rounded-2xl border border-dashed border-slate-300 bg-white p-5 dark:border-slate-700 dark:bg-slate-900"
      >
        <summary data-testid="plan-create-toggle" className="cursor-pointer text-base font-semibold text-accent">
          {t("plans.new")}
        </summary>
        <div className="mt-4">
          <PlanForm plan={null} endpoints={props.endpoints} currency={props.currency} priceDigits={props.priceDigits} />
        </div>
      </details>
    </section>
  );
}
