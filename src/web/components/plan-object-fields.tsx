import { useTranslation } from "../i18n/use-translation";
import { Field, FieldError, invalid } from "./plan-form-fields";
import { QUOTA_PERIODS, unitsToDecimal } from "./plan-form-input";
import { type PlanView, periodAbbreviation } from "./plan-view";
import { Button } from "./ui/button";
import { Input } from "./ui/input";
import { Select } from "./ui/select";

/** One per-endpoint object (spec: objects tied to endpoints) inside the plan form. */
export function ObjectFields(props: {
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
          <p className="text-sm text-slate-500 dark:text-slate-400">{t("plans.noEndpoints")}</p>
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
