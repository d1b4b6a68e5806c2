import { Form } from "react-router";
import type { AlertView } from "../../../core/analytics/alerts.service";
import { useTranslation } from "../../i18n/use-translation";
import { formatNumber } from "../../lib/format";
import { useLocale } from "../../lib/root-data";
import { translateServerMessage } from "../../lib/server-messages";
import { CsrfInput } from "../app-form-bits";
import { FormError, FormNotice } from "../ui/form-field";
import { fieldClass } from "../ui/input";
import { Panel } from "./analytics-panel";

type Result = { ok: true; intent?: string } | { ok: false; intent?: string; message: string };

/** The provider's alerts: the list with their state, a form to add one, and delete buttons. */
export function AlertsPanel(props: {
  alerts: AlertView[];
  apis: Array<{ id: string; name: string }>;
  result: Result | null;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const unit = (a: AlertView) => (a.metric === "error_rate" ? " %" : " ms");
  return (
    <Panel title={t("analytics.alerts.title")} testId="alerts-panel">
      <p className="text-sm text-slate-600 dark:text-slate-400">{t("analytics.alerts.intro")}</p>
      {props.result && !props.result.ok && <FormError message={translateServerMessage(t, props.result.message)} />}
      {props.result?.ok && (
        <FormNotice
          message={
            props.result.intent === "delete-alert" ? t("analytics.alerts.deleted") : t("analytics.alerts.created")
          }
        />
      )}
      {props.alerts.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t("analytics.alerts.none")}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100 dark:divide-slate-800" data-testid="alert-list">
          {props.alerts.map((a) => (
            <li
              key={a.id}
              className="flex flex-wrap items-center justify-between gap-3 py-2"
              data-testid="alert-row"
              data-state={a.state}
            >
              <span className="flex flex-col text-sm">
                <span className="font-medium" dir="auto">
                  {a.apiName ?? t("analytics.alerts.allApis")}:{" "}
                  {t("analytics.alerts.rule", {
                    metric: t(`analytics.alerts.metrics.${a.metric}`),
                    threshold: `${formatNumber(a.threshold, locale)}${unit(a)}`,
                    window: a.windowMinutes,
                  })}
                </span>
                {a.lastValue !== null && (
                  <span className="text-xs text-slate-500 dark:text-slate-400">
                    {t("analytics.alerts.lastValue", { value: `${formatNumber(a.lastValue, locale)}${unit(a)}` })}
                  </span>
                )}
              </span>
              <span className="flex items-center gap-3">
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                    a.state === "firing"
                      ? "bg-danger/15 text-danger"
                      : "bg-emerald-500/15 text-emerald-700 dark:text-emerald-400"
                  }`}
                >
                  {a.state === "firing" ? t("analytics.alerts.firing") : t("analytics.alerts.ok")}
                </span>
                <Form method="post">
                  <CsrfInput />
                  <input type="hidden" name="intent" value="delete-alert" />
                  <input type="hidden" name="alertId" value={a.id} />
                  <button type="submit" className="text-sm font-semibold text-danger hover:underline">
                    {t("analytics.alerts.delete")}
                  </button>
                </Form>
              </span>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" className="flex flex-wrap items-end gap-3" data-testid="alert-form">
        <CsrfInput />
        <input type="hidden" name="intent" value="create-alert" />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="alert-api" className="text-sm font-semibold">
            {t("analytics.alerts.api")}
          </label>
          <select id="alert-api" name="apiId" className={`${fieldClass({ fullWidth: false })} min-w-48`}>
            <option value="">{t("analytics.alerts.allApis")}</option>
            {props.apis.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="alert-metric" className="text-sm font-semibold">
            {t("analytics.alerts.metric")}
          </label>
          <select id="alert-metric" name="metric" className={`${fieldClass({ fullWidth: false })} min-w-48`}>
            <option value="error_rate">{t("analytics.alerts.metrics.error_rate")}</option>
            <option value="p95_ms">{t("analytics.alerts.metrics.p95_ms")}</option>
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="alert-threshold" className="text-sm font-semibold">
            {t("analytics.alerts.threshold")}
          </label>
          <input
            id="alert-threshold"
            name="threshold"
            type="number"
            min="1"
            required
            defaultValue="10"
            className={`${fieldClass({ fullWidth: false })} w-28`}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="alert-window" className="text-sm font-semibold">
            {t("analytics.alerts.window")}
          </label>
          <input
            id="alert-window"
            name="windowMinutes"
            type="number"
            min="5"
            max="1440"
            required
            defaultValue="15"
            className={`${fieldClass({ fullWidth: false })} w-28`}
          />
        </div>
        <button
          type="submit"
          data-testid="alert-create"
          className="rounded-lg bg-accent px-3 py-2.5 text-sm font-semibold text-white hover:opacity-90"
        >
          {t("analytics.alerts.create")}
        </button>
      </Form>
    </Panel>
  );
}
