import { type ReactNode, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "../i18n/use-translation";
import { translateServerMessage } from "../lib/server-messages";
import type { PlansManageResult } from "../routes/api/plans-manage-types";
import { CsrfInput } from "./app-form-bits";
import { QUOTA_PERIODS, RATE_LIMIT_UNITS, unitsToDecimal } from "./plan-form-input";
import { type PlanView, periodAbbreviation } from "./plan-view";
import { Button } from "./ui/button";
import { Input, Textarea } from "./ui/input";
import { Select } from "./ui/select";

type ObjectRow = { rowId: number; object: PlanView["objects"][number] | null };

function FieldError(props: { name: string; fields: Record<string, string> }) {
  const { t } = useTranslation();
  const message = props.fields[props.name];
  if (!message) return null;
  return (
    <p id={`${props.name}-error`} data-testid={`error-${props.name}`} className="text-sm font-medium text-danger">
      {translateServerMessage(t, message)}
    </p>
  );
}

function Field(props: { label: string; htmlFor?: string; children: ReactNode; hint?: string; className?: string }) {
  return (
    <div className={`flex flex-col gap-1 ${props.className ?? ""}`}>
      <label htmlFor={props.htmlFor} className="text-sm font-semibold text-slate-700 dark:text-slate-200">
        {props.label}
      </label>
      {props.children}
      {props.hint && <p className="text-xs text-slate-500">{props.hint}</p>}
    </div>
  );
}

function Check(props: { name: string; label: string; hint: string; defaultChecked: boolean; id: string }) {
  return (
    <label htmlFor={props.id} className="flex items-start gap-2 text-sm">
      <input
        id={props.id}
        type="checkbox"
        name={props.name}
        data-testid={`plan-field-${props.name}`}
        defaultChecked={props.defaultChecked}
        className="mt-0.5 size-4 accent-[var(--color-accent)]"
      />
      <span>
        <span className="font-semibold">{props.label}</span>
        <span className="block text-xs text-slate-500">{props.hint}</span>
      </span>
    </label>
  );
}

function invalid(fields: Record<string, string>, name: string) {
  return fields[name] ? { "aria-invalid": true, "aria-describedby": `${name}-error` } : {};
}

/** One per-endpoint object (spec: objects tied to endpoints) inside the plan form. */
function ObjectFields(props: {
  index: number;
  prefix: string;
  object: PlanView["objects"][number] | null;
  endpoints: string[];
  fields: Record<string, string>;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const o = props.object;
  const name = (field: string) => `object-${props.index}-${field}`;
  const id = (field: string) => `${props.prefix}-${name(field)}`;
  const chosen = new Set(o?.endpoints ?? []);
  return (
    <fieldset
      data-testid="plan-object-fields"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 p-3 dark:border-slate-700"
    >
      <legend className="px-1 text-sm font-semibold">{t("plans.objectLegend", { number: props.index + 1 })}</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label={t("plans.objectName")} htmlFor={id("name")}>
          <Input
            id={id("name")}
            name={name("name")}
            defaultValue={o?.name ?? ""}
            maxLength={80}
            look="compact"
            {...invalid(props.fields, name("name"))}
          />
          <FieldError name={name("name")} fields={props.fields} />
        </Field>
        <Field label={t("plans.quota")} htmlFor={id("quota")}>
          <Input
            id={id("quota")}
            name={name("quota")}
            inputMode="numeric"
            defaultValue={o ? String(o.quota) : ""}
            look="compact"
            {...invalid(props.fields, name("quota"))}
          />
          <FieldError name={name("quota")} fields={props.fields} />
        </Field>
        <Field label={t("plans.period")} htmlFor={id("quotaPeriod")}>
          <Select
            id={id("quotaPeriod")}
            name={name("quotaPeriod")}
            defaultValue={o?.quotaPeriod ?? "day"}
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
      <div className="flex flex-wrap items-end gap-4">
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="sr-only">{t("plans.aboveQuota")}</legend>
          <label className="flex items-center gap-1.5">
            <input type="radio" name={name("limitMode")} value="hard" defaultChecked={o ? o.hardLimit : true} />
            {t("plans.hardLimit")}
          </label>
          <label className="flex items-center gap-1.5">
            <input type="radio" name={name("limitMode")} value="overage" defaultChecked={o ? !o.hardLimit : false} />
            {t("plans.overage")}
          </label>
        </fieldset>
        <Field label={t("plans.overagePrice")} htmlFor={id("overagePrice")} className="w-44">
          <Input
            id={id("overagePrice")}
            name={name("overagePrice")}
            inputMode="decimal"
            defaultValue={o && o.overagePriceMicros > 0 ? unitsToDecimal(o.overagePriceMicros, 6) : ""}
            placeholder="0.0001"
            look="compact"
            {...invalid(props.fields, name("overagePrice"))}
          />
          <FieldError name={name("overagePrice")} fields={props.fields} />
        </Field>
      </div>
      <fieldset>
        <legend className="text-sm font-semibold">{t("plans.objectEndpoints")}</legend>
        {props.endpoints.length === 0 ? (
          <p className="text-sm text-slate-500">{t("plans.noEndpoints")}</p>
        ) : (
          <div className="mt-1 max-h-48 overflow-y-auto rounded-lg border border-slate-200 p-2 dark:border-slate-700">
            {props.endpoints.map((e) => (
              <label key={e} className="flex items-center gap-2 py-0.5 text-sm">
                <input type="checkbox" name={name("endpoints")} value={e} defaultChecked={chosen.has(e)} />
                <code dir="ltr" className="font-mono text-xs">
                  {e}
                </code>
              </label>
            ))}
          </div>
        )}
        <FieldError name={name("endpoints")} fields={props.fields} />
      </fieldset>
      <div>
        <Button type="button" onClick={props.onRemove} inline variant="dangerOutline" size="sm">
          {t("plans.removeObject")}
        </Button>
      </div>
    </fieldset>
  );
}

/**
 * Create or edit a plan: every field of spec section 3 "Plan" (name, monthly price, recommended, private,
 * deprecated, approval, rate limit none / one per unit / count per unit, quota per period, hard limit or overage,
 * per-endpoint objects, features). Checked by zod on the server (plan-form-input.ts) with a message per field.
 */
export function PlanForm(props: {
  plan: PlanView | null;
  endpoints: string[];
  currency: string;
  priceDigits: number;
  onSaved?: () => void;
}) {
  const { t } = useTranslation();
  const { plan } = props;
  const formId = plan?.id ?? "new";
  const prefix = `plan-${formId}`;
  const fetcher = useFetcher<PlansManageResult>({ key: `plan-form:${formId}` });
  const form = useRef<HTMLFormElement>(null);
  const nextRow = useRef(plan?.objects.length ?? 0);
  const [rows, setRows] = useState<ObjectRow[]>(() =>
    (plan?.objects ?? []).map((object, rowId) => ({ rowId, object })),
  );
  const result = fetcher.data;
  const fields = result && !result.ok ? result.fields : {};
  const id = (name: string) => `${prefix}-${name}`;
  const rateKind = plan?.rateLimit ? (plan.rateLimit.count === 1 ? "one" : "count") : "none";
  const { onSaved } = props;

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.ok) return;
    if (!plan) {
      form.current?.reset();
      setRows([]);
    }
    onSaved?.();
  }, [fetcher.state, fetcher.data, plan, onSaved]);

  return (
    <fetcher.Form
      ref={form}
      method="post"
      noValidate
      data-testid={plan ? "plan-edit-form" : "plan-create-form"}
      className="flex flex-col gap-5"
    >
      <CsrfInput />
      <input type="hidden" name="intent" value={plan ? "update-plan" : "create-plan"} />
      {plan && <input type="hidden" name="planId" value={plan.id} />}
      <input type="hidden" name="objectCount" value={rows.length} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("plans.name")} htmlFor={id("name")}>
          <Input
            id={id("name")}
            name="name"
            data-testid="plan-field-name"
            defaultValue={plan?.name ?? ""}
            maxLength={80}
            required
            look="compact"
            {...invalid(fields, "name")}
          />
          <FieldError name="name" fields={fields} />
        </Field>
        <Field
          label={t("plans.monthlyPrice", { currency: props.currency })}
          htmlFor={id("monthlyPrice")}
          hint={t("plans.monthlyPriceHint")}
        >
          <Input
            id={id("monthlyPrice")}
            name="monthlyPrice"
            data-testid="plan-field-monthlyPrice"
            inputMode="decimal"
            defaultValue={plan ? unitsToDecimal(plan.monthlyPriceCents, props.priceDigits, props.priceDigits) : ""}
            placeholder={props.priceDigits > 0 ? `0.${"0".repeat(props.priceDigits)}` : "0"}
            look="compact"
            {...invalid(fields, "monthlyPrice")}
          />
          <FieldError name="monthlyPrice" fields={fields} />
        </Field>
      </div>
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
      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-semibold">{t("plans.objects")}</legend>
        <p className="text-xs text-slate-500">{t("plans.objectsHint")}</p>
        {rows.map((row, index) => (
          <ObjectFields
            key={row.rowId}
            index={index}
            prefix={prefix}
            object={row.object}
            endpoints={props.endpoints}
            fields={fields}
            onRemove={() => setRows((current) => current.filter((r) => r.rowId !== row.rowId))}
          />
        ))}
        <FieldError name="objects" fields={fields} />
        <div>
          <Button
            type="button"
            data-testid="plan-add-object"
            onClick={() => {
              const rowId = nextRow.current;
              nextRow.current += 1;
              setRows((current) => [...current, { rowId, object: null }]);
            }}
            inline
            variant="secondary"
            size="sm"
          >
            {t("plans.addObject")}
          </Button>
        </div>
      </fieldset>
      <Field label={t("plans.features")} htmlFor={id("features")} hint={t("plans.featuresHint")}>
        <Textarea
          id={id("features")}
          name="features"
          data-testid="plan-field-features"
          rows={4}
          defaultValue={plan?.features.join("\n") ?? ""}
          look="compact"
          {...invalid(fields, "features")}
        />
        <FieldError name="features" fields={fields} />
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="submit"
          data-testid="plan-save"
          disabled={fetcher.state !== "idle"}
          inline
          className="shadow-sm disabled:cursor-not-allowed"
        >
          {plan ? t("plans.save") : t("plans.create")}
        </Button>
        <p aria-live="polite" className="text-sm">
          {result?.ok && (
            <span data-testid="plan-saved" className="font-medium text-emerald-700 dark:text-emerald-300">
              {plan ? t("plans.saved") : t("plans.created")}
            </span>
          )}
          {result && !result.ok && (
            <span role="alert" data-testid="plan-form-error" className="font-medium text-danger">
              {translateServerMessage(t, result.message)}
            </span>
          )}
        </p>
      </div>
    </fetcher.Form>
  );
}
