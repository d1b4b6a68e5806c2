import { useTranslation } from "../i18n/use-translation";
import type { DashboardData } from "../routes/developer/dashboard-types";

/** How to call subscribed APIs: the gateway's base URL and the headers, with a ready-made example. */
export function AppGatewayInfo(props: { gateway: DashboardData["gateway"]; examplePath?: string | null }) {
  const { t } = useTranslation();
  const { gateway } = props;
  const path = props.examplePath ?? "/{owner}/{api-slug}/{path}";
  const lines = [
    `curl ${gateway.baseUrl}${path} \\`,
    `  -H "${gateway.keyHeader}: <your key>"${gateway.tenantHeaderNeeded ? " \\" : ""}`,
    ...(gateway.tenantHeaderNeeded ? [`  -H "${gateway.tenantHeader}: ${gateway.tenantId}"`] : []),
  ];
  return (
    <section
      data-testid="gateway-info"
      aria-labelledby="gateway-info-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="gateway-info-title" className="text-lg font-semibold">
        {t("apps.gatewayTitle")}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("apps.gatewayIntro")}</p>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-6">
        <dt className="font-semibold text-slate-700 dark:text-slate-300">{t("apps.gatewayBaseUrl")}</dt>
        <dd className="min-w-0">
          <code data-testid="gateway-base-url" className="break-all font-mono">
            {gateway.baseUrl}
          </code>
        </dd>
        <dt className="font-semibold text-slate-700 dark:text-slate-300">{t("apps.gatewayUrlPattern")}</dt>
        <dd className="min-w-0">
          <code className="break-all font-mono">{`${gateway.baseUrl}/{owner}/{api-slug}/{path}`}</code>
        </dd>
        <dt className="font-semibold text-slate-700 dark:text-slate-300">{t("apps.gatewayKeyHeader")}</dt>
        <dd>
          <code data-testid="gateway-key-header" className="font-mono">
            {gateway.keyHeader}
          </code>
        </dd>
        <dt className="font-semibold text-slate-700 dark:text-slate-300">{t("apps.gatewayTenantHeader")}</dt>
        <dd className="min-w-0">
          <code data-testid="gateway-tenant-header" className="font-mono">
            {gateway.tenantHeader}: {gateway.tenantId}
          </code>{" "}
          <span className="text-slate-500 dark:text-slate-400">
            {gateway.tenantHeaderNeeded ? t("apps.gatewayTenantRequired") : t("apps.gatewayTenantOptional")}
          </span>
        </dd>
      </dl>
      <pre
        dir="ltr"
        className="mt-4 overflow-x-auto rounded-lg bg-slate-950 p-3 text-xs leading-relaxed text-slate-100"
      >
        <code>{lines.join("\n")}</code>
      </pre>
    </section>
  );
}
