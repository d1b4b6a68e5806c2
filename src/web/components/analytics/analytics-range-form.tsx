import { Form } from "react-router";
import { RANGE_PRESETS } from "../../../core/analytics/analytics-range";
import { useTranslation } from "../../i18n/use-translation";
import { toDateTimeLocal } from "../../lib/analytics-params";
import { fieldClass } from "../ui/input";

/** The range picker: a GET form, so every range is a plain link (and works without JavaScript). */
export function AnalyticsRangeForm(props: {
  preset: string;
  from: number;
  to: number;
  /** Other query parameters to keep (api, app...). */
  hidden?: Record<string, string>;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" data-testid="analytics-range-form">
      {Object.entries(props.hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {props.children}
      <div className="flex flex-col gap-1.5">
        <label htmlFor="analytics-range" className="text-sm font-semibold">
          {t("analytics.range")}
        </label>
        <select
          id="analytics-range"
          name="range"
          defaultValue={props.preset}
          className={`${fieldClass({ fullWidth: false })} min-w-44`}
        >
          {RANGE_PRESETS.map((p) => (
            <option key={p} value={p}>
              {t(`analytics.ranges.${p}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="analytics-from" className="text-sm font-semibold">
          {t("analytics.from")}
        </label>
        <input
          id="analytics-from"
          type="datetime-local"
          name="from"
          defaultValue={toDateTimeLocal(props.from)}
          className={fieldClass({ fullWidth: false })}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="analytics-to" className="text-sm font-semibold">
          {t("analytics.to")}
        </label>
        <input
          id="analytics-to"
          type="datetime-local"
          name="to"
          defaultValue={toDateTimeLocal(props.to)}
          className={fieldClass({ fullWidth: false })}
        />
      </div>
      <button
        type="submit"
        data-testid="analytics-show"
        className="rounded-lg border border-slate-300 px-3 py-2.5 text-sm font-semibold dark:border-slate-700"
      >
        {t("analytics.show")}
      </button>
    </Form>
  );
}
