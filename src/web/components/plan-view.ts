import type { TFunction } from "i18next";
import type { Plan } from "../../core/plans/plans.types";

/** Spec section 9: plan periods day, month, year are abbreviated day, mo, yr. */
const PERIOD_ABBREVIATION = { day: "day", month: "mo", year: "yr" } as const;

/** A plan as the Pricing tab and the plan manager show it (plain data, shipped to the browser). */
export interface PlanView {
  id: string;
  name: string;
  recommended: boolean;
  private: boolean;
  deprecated: boolean;
  approvalRequired: boolean;
  isFree: boolean;
  monthlyPriceCents: number;
  currency: string;
  hardLimit: boolean;
  overagePriceMicros: number;
  rateLimit: Plan["rateLimit"];
  /** Core's English text ('no rate limit', 'one request per {unit}', '{count} requests per {unit}'). */
  rateLimitText: string;
  quota: number | null;
  quotaPeriod: Plan["quotaPeriod"];
  objects: Plan["objects"];
  features: string[];
}

export function toPlanView(plan: Plan, currency: string): PlanView {
  return {
    id: plan.id,
    name: plan.name,
    recommended: plan.recommended,
    private: plan.private,
    deprecated: plan.deprecated,
    approvalRequired: plan.approvalRequired,
    isFree: plan.isFree,
    monthlyPriceCents: plan.monthlyPriceCents,
    currency,
    hardLimit: plan.hardLimit,
    overagePriceMicros: plan.overagePriceMicros,
    rateLimit: plan.rateLimit,
    rateLimitText: plan.rateLimitText,
    quota: plan.quota,
    quotaPeriod: plan.quotaPeriod,
    objects: plan.objects,
    features: plan.features,
  };
}

export function periodAbbreviation(period: Plan["quotaPeriod"]): string {
  return PERIOD_ABBREVIATION[period];
}

/**
 * Spec section 9 rate-limit texts, from the catalog so other languages can translate them; the en-US catalog holds
 * them word for word ('no rate limit', 'one request per {unit}', '{count} requests per {unit}').
 */
export function rateLimitLabel(t: TFunction, rateLimit: Plan["rateLimit"]): string {
  if (!rateLimit) return t("pricing.rateLimitNone");
  const unit = t(`pricing.unit.${rateLimit.unit}`);
  if (rateLimit.count === 1) return t("pricing.rateLimitOne", { unit });
  return t("pricing.rateLimitMany", { count: rateLimit.count, unit });
}

/** "1,000 / mo" (or the catalog's 'unlimited'). */
export function quotaLabel(
  t: TFunction,
  quota: number | null,
  period: Plan["quotaPeriod"],
  formatNumber: (n: number) => string,
): string {
  if (quota === null) return t("pricing.unlimited");
  return `${formatNumber(quota)} / ${periodAbbreviation(period)}`;
}

/**
 * A per-request price in millionths of the currency unit, exactly ("$0.0001"): the decimal string goes to
 * Intl.NumberFormat, so no float rounding shows.
 */
export function formatMicros(micros: number, currency: string, locale: string): string {
  const raw = String(Math.abs(Math.trunc(micros))).padStart(7, "0");
  const whole = raw.slice(0, -6);
  const fraction = raw.slice(-6).replace(/0+$/, "");
  const exponent =
    new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  const format = new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: exponent,
    maximumFractionDigits: Math.max(exponent, fraction.length),
  });
  return format.format(`${whole}.${fraction || "0"}` as Intl.StringNumericLiteral);
}
