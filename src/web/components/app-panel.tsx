import { useTranslation } from "../i18n/use-translation";
import { formatDate } from "../lib/format";
import { useLocale } from "../lib/root-data";
import type { DashboardActionResult, DashboardApp, DashboardData } from "../routes/developer/dashboard-types";
import { AppKeys } from "./app-keys";
import { AppSettings } from "./app-settings";
import { AppSubscriptions } from "./app-subscriptions";
import { AppUsage } from "./app-usage";

/** One app of My Apps: its keys, subscriptions and usage. */
export function AppPanel(props: {
  app: DashboardApp;
  gateway: DashboardData["gateway"];
  noScriptResult: DashboardActionResult | null;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { app } = props;
  return (
    <article
      data-testid="app-panel"
      data-app-id={app.id}
      aria-labelledby={`app-${app.id}-name`}
      className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id={`app-${app.id}-name`} data-testid="app-name" dir="auto" className="text-xl font-bold">
          {app.name}
        </h2>
        <span className="text-sm text-slate-500 dark:text-slate-400">
          {t("apps.createdOn", { date: formatDate(app.createdAt, locale) })}
        </span>
        <AppSettings app={app} />
        {app.description && (
          <p dir="auto" className="w-full text-sm text-slate-600 dark:text-slate-400">
            {app.description}
          </p>
        )}
      </header>
      <AppKeys appId={app.id} tenantId={props.gateway.tenantId} keys={app.keys} noScriptResult={props.noScriptResult} />
      <AppSubscriptions subscriptions={app.subscriptions} baseUrl={props.gateway.baseUrl} />
      <AppUsage usage={app.usage} />
    </article>
  );
}
