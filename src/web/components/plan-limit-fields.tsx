import { useTranslation } from "../i18n/use-translation";
import { Check, Field, FieldError, invalid } from "./plan-form-fields";
import { QUOTA_PERIODS, RATE_LIMIT_UNITS, unitsToDecimal } from "./plan-form-input";
import { type PlanView, periodAbbreviation } from "./plan-view";
import { Input } from "./ui/input";
import { Select } from "./ui/select";

/* Sections of the plan form (spec section 3 "Plan"): the flags, the rate limit, the quota with its overage. */

interface SectionProps {
  plan: PlanView | null;
  /** The field's element id in this form (forms for several plans share the page). */
  id: (name: string) => string;
}

/** Recommended, private, deprecated, approval required. */
export function PlanFlags(props: SectionProps) {
  const { t } = useTranslation();
  const { plan, id } = props;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Check
        id={id("recommended")}
        name="recommended"
        label={t("plans.recommended")}
        hint={t("plans.recommendedHint")}
        defaultChecked={plan?.recommended ?? false}
      />
      <Check
        id={id("private")}
        name="private"
        label={t("plans.private")}
        hint={t("plans.privateHint")}
        defaultChecked={plan?.private ?? false}
      />
      <Check
        id={id("deprecated")}
        name="deprecated"
        label={t("plans.deprecated")}
        hint={t("plans.deprecatedHint")}
        defaultChecked={plan?.deprecated ?? false}
      />
      <Check
        id={id("approvalRequired")}
        name="approvalRequired"
        label={t("plans.approvalRequired")}
        hint={t("plans.approvalRequiredHint")}
        defaultChecked={plan?.approvalRequired ?? false}
      />
    </div>
  );
}

/** No rate limit, one request per unit, or a count per unit. */
export function RateLimitFields(props: SectionProps & { fields: Record<string, string> }) {
  const { t } = useTranslation();
  const { plan, id, fields } = props;
  const rateKind = plan?.rateLimit ? (plan.rateLimit.count === 1 ? "one" : "count") : "none";
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-semibold">{t("plans.rateLimit")}</legend>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <label className="flex items-center gap-1.5">
          <input type="radio" name="rateLimitKind" value="none" defaultChecked={rateKind === "none"} />
          {t("plans.rateLimitNone")}
        </label>
        <label className="flex items-center gap-1.5">
          <input type="radio" name="rateLimitKind" value="one" defaultChecked={rateKind === "one"} />
          {t("plans.rateLimitOne")}
        </label>
        <label className="flex items-center gap-1.5">
          <input
            type="radio"
            name="rateLimitKind"
            value="count"
            data-testid="plan-rate-count-kind"
            defaultChecked={rateKind === "count"}
          />
          {t("plans.rateLimitCount")}
        </label>
      </div>
      <div className="flex flex-wrap items-start gap-3">
        <Field label={t("plans.requests")} htmlFor={id("rateLimitCount")} className="w-40">
          <Input
            id={id("rateLimitCount")}
            name="rateLimitCount"
            data-testid="plan-field-rateLimitCount"
            inputMode="numeric"
            defaultValue={plan?.rateLimit && plan.rateLimit.count > 1 ? String(plan.rateLimit.count) : ""}
            look="compact"
            {...invalid(fields, "rateLimitCount")}
          />
          <FieldError name="rateLimitCount" fields={fields} />
        </Field>
        <Field label={t("plans.per")} htmlFor={id("rateLimitUnit")} className="w-44">
          <Select
            id={id("rateLimitUnit")}
            name="rateLimitUnit"
            data-testid="plan-field-rateLimitUnit"
            defaultValue={plan?.rateLimit?.unit ?? "minute"}
            look="compact"
          >
            {RATE_LIMIT_UNITS.map((u) => (
              <option key={u} value={u}>
                {t(`pricing.unit.${u}`)}
              </option>
            ))}
          </Select>
          <FieldError name="rateLimitUnit" fields={fields} />
        </Field>
      </div>
    </fieldset>
  );
}

/** The quota per period, and above it a hard limit or overage at a price per call. */
export function QuotaFields(props: SectionProps & { fields: Record<string, string>; currency: string }) {
  const { t } = useTranslation();
  const { plan, id, fields } = props;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-semibold">{t("plans.quotaLegend")}</legend>
      <div className="flex flex-wrap items-start gap-3">
        <Field label={t("plans.quota")} htmlFor={id("quota")} hint={t("plans.quotaHint")} className="w-48">
          <Input
            id={id("quota")}
            name="quota"
            data-testid="plan-field-quota"
            inputMode="numeric"
            defaultValue={plan?.quota === null || plan === null ? "" : String(plan.quota)}
            look="compact"
            {...invalid(fields, "quota")}
          />
          <FieldError name="quota" fields={fields} />
        </Field>
        <Field label={t("plans.period")} htmlFor={id("quotaPeriod")} className="w-44">
          <Select
            id={id("quotaPeriod")}
            name="quotaPeriod"
            data-testid="plan-field-quotaPeriod"
            defaultValue={plan?.quotaPeriod ?? "month"}
            look="compact"
          >
            {QUOTA_PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`plans.periodName.${p}`)} ({periodAbbreviation(p)})
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <div className="flex flex-wrap items-start gap-4">
        <fieldset className="flex flex-col gap-1 text-sm">
          <legend className="sr-only">{t("plans.aboveQuota")}</legend>
          <label className="flex items-center gap-1.5">
            <input type="radio" name="limitMode" value="hard" defaultChecked={plan ? plan.hardLimit : true} />
            {t("plans.hardLimit")}
          </label>
          <label className="flex items-center gap-1.5">
            <input
              type="radio"
              name="limitMode"
              value="overage"
              data-testid="plan-overage-mode"
              defaultChecked={plan ? !plan.hardLimit : false}
            />
            {t("plans.overage")}
          </label>
          <FieldError name="limitMode" fields={fields} />
        </fieldset>
        <Field
          label={t("plans.overagePrice")}
          htmlFor={id("overagePrice")}
          hint={t("plans.overagePriceHint", { currency: props.currency })}
          className="w-56"
        >
          <Input
            id={id("overagePrice")}
            name="overagePrice"
            data-testid="plan-field-overagePrice"
            inputMode="decimal"
            defaultValue={plan && plan.overagePriceMicros > 0 ? unitsToDecimal(plan.overagePriceMicros, 6) : ""}
            placeholder="0.0001"
            look="compact"
            {...invalid(fields, "overagePrice")}
          />
          <FieldError name="overagePrice" fields={fields} />
        </Field>
      </div>
    </fieldset>
  );
}
