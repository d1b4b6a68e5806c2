import type { ReactNode } from "react";
import { apiMcpUrl } from "../../../common/mcp-urls";
import { DEFAULT_TENANT_ID } from "../../../common/tenant-config";
import { isValidHttpUrl } from "../../../common/url";
import { listKeyAppsForApi } from "../../../core/apps/key-apps.service";
import { getApiHealth } from "../../../core/health/health.service";
import { toUseCaseContext } from "../../../core/use-case-context";
import { ApiHealthPanel } from "../../components/api-health-panel";
import { ExternalIcon } from "../../components/icons";
import { McpConnectPanel } from "../../components/mcp-connect-panel";
import { useTryItKey } from "../../components/try-it-key";
import { useTranslation } from "../../i18n/use-translation";
import { loadApiOr404 } from "../../lib/api-detail.server";
import type { TryItKeys } from "../../lib/app-key-store";
import { formatNumber } from "../../lib/format";
import { renderMarkdown } from "../../lib/markdown.server";
import { pageMeta } from "../../lib/meta";
import { useLocale, useSession } from "../../lib/root-data";
import { gatewayPublicBase } from "../../lib/try-it-gateway.server";
import type { Route } from "./+types/api-about";

export async function loader({ context, params }: Route.LoaderArgs) {
  const api = await loadApiOr404(context, params);
  const viewer = context.viewer && context.viewer.tenantId === context.tenant.id ? context.viewer : null;
  // The MCP panel fills in the browser's stored key of one of these apps (decision 005); only key prefixes are sent.
  const keyApps = viewer
    ? await listKeyAppsForApi({ db: context.db, tenantId: context.tenant.id, viewer }, api.id)
    : null;
  const keys: TryItKeys | null =
    viewer && keyApps ? { scope: { tenantId: context.tenant.id, userId: viewer.id }, apps: keyApps } : null;
  const username = params.username ?? "";
  const slug = params.slug ?? "";
  const { switches } = context.tenant.config;
  // Health probes (decision 101); null when the tenant's health-check switch is off.
  const health = await getApiHealth(toUseCaseContext(context), {
    apiId: api.id,
    now: context.providers.clock.now(),
    healthCheckOn: switches.apiHealthCheck,
    allowPrivate: context.config.GATEWAY_ALLOW_PRIVATE_UPSTREAMS,
  });
  const readmeHtml = api.readme.trim() ? await renderMarkdown(api.readme, `readme:${api.id}:${api.updatedAt}`) : null;
  const metrics = switches.hideApiScores
    ? null
    : {
        healthCheck: switches.apiHealthCheck ? api.healthCheck : undefined,
        popularity: api.popularity,
        latencyMs: api.latencyMs,
        serviceLevel: api.serviceLevel,
        isDemoData: api.isDemoData,
      };
  return {
    name: api.name,
    documented: api.currentVersion !== null,
    readmeHtml,
    website: api.website && isValidHttpUrl(api.website) ? api.website : null,
    termsOfUse: api.termsOfUse,
    features: api.features.filter((f) => typeof f === "string" && f.trim() !== ""),
    resources: api.resources.filter((r) => r && typeof r.title === "string" && isValidHttpUrl(r.url)),
    authType: api.authType,
    metrics,
    health: health && { ...health, timeoutSeconds: context.config.HEALTH_PROBE_TIMEOUT_MS / 1000 },
    mcp: {
      url: apiMcpUrl(gatewayPublicBase(context.config), username, slug),
      serverName: slug,
      tenantId: context.tenant.id === DEFAULT_TENANT_ID ? null : context.tenant.id,
      keys,
      llmsPath: `/${username}/api/${slug}/llms.txt`,
      markdownPath: `/${username}/api/${slug}/index.md`,
    },
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { key: "meta.apiAboutTitle", vars: { name: loaderData?.name ?? "" } });

function Panel(props: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section
      data-testid={props.testId}
      className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 className="mb-3 text-sm font-semibold tracking-wider text-slate-500 dark:text-slate-400 uppercase">
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}

export default function ApiAbout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { documented, readmeHtml, website, termsOfUse, features, resources, authType, metrics, health, mcp } =
    loaderData;
  const signedIn = useSession() !== null;
  const keyState = useTryItKey(mcp.keys, signedIn);
  const na = t("api.metrics.notAvailable");
  const link = "inline-flex items-center gap-1 font-medium text-accent hover:underline break-all";

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_340px]">
      <div className="flex flex-col gap-6">
        {!documented && (
          <section
            data-testid="not-documented"
            className="rounded-2xl border border-amber-300/60 bg-amber-50 p-5 dark:border-amber-500/30 dark:bg-amber-500/10"
          >
            <h2 className="text-base font-semibold text-amber-900 dark:text-amber-200">
              {t("api.notDocumented.title")}
            </h2>
            <p className="mt-1 text-sm text-amber-900/80 dark:text-amber-100/80">{t("api.notDocumented.body")}</p>
            {(website || resources.length > 0) && (
              <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm">
                {website && (
                  <li>
                    <a href={website} rel="nofollow noopener noreferrer" target="_blank" className={link}>
                      {t("api.notDocumented.website")}
                      <ExternalIcon className="size-3.5 shrink-0" />
                    </a>
                  </li>
                )}
                {resources
                  .filter((r) => r.url !== website)
                  .map((resource) => (
                    <li key={resource.url}>
                      <a href={resource.url} rel="nofollow noopener noreferrer" target="_blank" className={link}>
                        {resource.title}
                        <ExternalIcon className="size-3.5 shrink-0" />
                      </a>
                    </li>
                  ))}
              </ul>
            )}
          </section>
        )}
        <Panel title={t("api.readme")} testId="api-readme">
          {readmeHtml ? (
            <div
              className="prose"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: Markdown rendered with html:false and sanitized on the server.
              dangerouslySetInnerHTML={{ __html: readmeHtml }}
            />
          ) : (
            <p className="text-slate-500 dark:text-slate-400">{t("api.noReadme")}</p>
          )}
        </Panel>
        {features.length > 0 && (
          <Panel title={t("api.features")} testId="api-features">
            <ul className="grid gap-2 sm:grid-cols-2">
              {features.map((feature) => (
                <li key={feature} className="flex items-start gap-2 text-sm">
                  <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-success" />
                  {feature}
                </li>
              ))}
            </ul>
          </Panel>
        )}
      </div>
      <aside className="flex min-w-0 flex-col gap-6">
        <McpConnectPanel
          testId="api-mcp"
          title={t("mcp.apiTitle")}
          intro={t("mcp.apiIntro")}
          url={mcp.url}
          serverName={mcp.serverName}
          tenantId={mcp.tenantId}
          storedKey={keyState.selected ? { key: keyState.selected.key, appName: keyState.selected.app.appName } : null}
          manageKeysLink={signedIn}
          footer={
            <p className="mt-3 text-xs text-slate-500 dark:text-slate-400">
              {t("mcp.forAssistants")}{" "}
              <a href={mcp.llmsPath} data-testid="api-llms-link" className="font-medium text-accent hover:underline">
                llms.txt
              </a>{" "}
              ·{" "}
              <a
                href={mcp.markdownPath}
                data-testid="api-markdown-link"
                className="font-medium text-accent hover:underline"
              >
                {t("mcp.markdown")}
              </a>
            </p>
          }
        />
        {metrics && (
          <Panel title={t("api.metrics.heading")} testId="api-metrics">
            <dl className="grid grid-cols-2 gap-3">
              {metrics.healthCheck !== undefined && (
                <Metric
                  label={t("api.metrics.healthCheck")}
                  value={
                    metrics.healthCheck === null
                      ? na
                      : t("api.metrics.percentValue", { value: formatNumber(metrics.healthCheck, locale, 1) })
                  }
                />
              )}
              <Metric
                label={t("api.metrics.popularity")}
                value={t("api.metrics.popularityValue", { value: formatNumber(metrics.popularity, locale, 1) })}
              />
              <Metric
                label={t("api.metrics.latency")}
                value={
                  metrics.latencyMs === null
                    ? na
                    : t("api.metrics.latencyValue", { value: formatNumber(metrics.latencyMs, locale) })
                }
              />
              <Metric
                label={t("api.metrics.serviceLevel")}
                value={
                  metrics.serviceLevel === null
                    ? na
                    : t("api.metrics.percentValue", { value: formatNumber(metrics.serviceLevel, locale, 1) })
                }
              />
            </dl>
            {metrics.isDemoData && (
              <p
                data-testid="demo-data-note"
                className="mt-4 rounded-lg bg-amber-500/10 px-3 py-2 text-xs text-amber-800 dark:text-amber-300"
              >
                {t("api.metrics.demoData")}
              </p>
            )}
            {!metrics.isDemoData && (
              <p data-testid="measured-note" className="mt-4 text-xs text-slate-500 dark:text-slate-400">
                {t("api.metrics.measured")}
              </p>
            )}
          </Panel>
        )}
        {health && <ApiHealthPanel health={health} locale={locale} timeoutSeconds={health.timeoutSeconds} />}
        <Panel title={t("api.details")}>
          <dl className="flex flex-col gap-3 text-sm">
            {website && (
              <div>
                <dt className="text-slate-500 dark:text-slate-400">{t("api.website")}</dt>
                <dd>
                  <a href={website} rel="nofollow noopener noreferrer" target="_blank" className={link}>
                    {website.replace(/^https?:\/\//, "")}
                    <ExternalIcon className="size-3.5 shrink-0" />
                  </a>
                </dd>
              </div>
            )}
            {termsOfUse && (
              <div>
                <dt className="text-slate-500 dark:text-slate-400">{t("api.termsOfUse")}</dt>
                <dd>
                  {isValidHttpUrl(termsOfUse) ? (
                    <a href={termsOfUse} rel="nofollow noopener noreferrer" target="_blank" className={link}>
                      {termsOfUse.replace(/^https?:\/\//, "")}
                      <ExternalIcon className="size-3.5 shrink-0" />
                    </a>
                  ) : (
                    <span className="whitespace-pre-line">{termsOfUse}</span>
                  )}
                </dd>
              </div>
            )}
            {authType && (
              <div>
                <dt className="text-slate-500 dark:text-slate-400">{t("api.authentication")}</dt>
                <dd className="font-medium">{authType}</dd>
              </div>
            )}
          </dl>
        </Panel>
        {resources.length > 0 && (
          <Panel title={t("api.resources")} testId="api-resources">
            <ul className="flex flex-col gap-2 text-sm">
              {resources.map((resource) => (
                <li key={resource.url}>
                  <a href={resource.url} rel="nofollow noopener noreferrer" target="_blank" className={link}>
                    {resource.title}
                    <ExternalIcon className="size-3.5 shrink-0" />
                  </a>
                </li>
              ))}
            </ul>
          </Panel>
        )}
      </aside>
    </div>
  );
}

function Metric(props: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-slate-50 p-3 dark:bg-slate-800/50">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{props.label}</dt>
      <dd className="mt-1 text-lg font-bold">{props.value}</dd>
    </div>
  );
}
