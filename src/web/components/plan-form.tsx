import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "../i18n/use-translation";
import { translateServerMessage } from "../lib/server-messages";
import type { PlansManageResult } from "../routes/api/plans-manage-types";
import { CsrfInput } from "./app-form-bits";
import { Field, FieldError, invalid } from "./plan-form-fields";
import { unitsToDecimal } from "./plan-form-input";
import { PlanFlags, QuotaFields, RateLimitFields } from "./plan-limit-fields";
import { ObjectFields } from "./plan-object-fields";
import type { PlanView } from "./plan-view";
import { Button } from "./ui/button";
import { Input, Textarea } from "./ui/input";

type ObjectRow = { rowId: number; object: PlanView["objects"][number] | null };

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
      <PlanFlags plan={plan} id={id} />
      <RateLimitFields plan={plan} id={id} fields={fields} />
      <QuotaFields plan={plan} id={id} fields={fields} currency={props.currency} />
      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-semibold">{t("plans.objects")}</legend>
        <p className="text-xs text-slate-500 dark:text-slate-400">{t("plans.objectsHint")}</p>
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
