import { useState } from "react";
import { Form, Link, useLocation, useParams } from "react-router";
import { listKeyAppsForApi } from "../../../core/apps/key-apps.service";
import { listApiEndpoints, listApiEndpointTags } from "../../../core/catalog/api-endpoints.service";
import type { EndpointSummary } from "../../../core/catalog/catalog.types";
import { EndpointDetailPanel } from "../../components/endpoint-detail-panel";
import { SearchIcon } from "../../components/icons";
import { Pagination } from "../../components/pagination";
import { Button } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { useTranslation } from "../../i18n/use-translation";
import { loadApiOr404 } from "../../lib/api-detail.server";
import type { TryItKeys } from "../../lib/app-key-store";
import { formatNumber } from "../../lib/format";
import { groupByTag } from "../../lib/group-endpoints";
import { pageFromUrl } from "../../lib/paging";
import { useLocale } from "../../lib/root-data";
import { viewerOf } from "../../lib/route-guards.server";
import type { Route } from "./+types/api-endpoints";

const PAGE_SIZE = 50;
const MAX_QUERY = 200;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const api = await loadApiOr404(context, params);
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY);
  const tag = (url.searchParams.get("tag") ?? "").slice(0, MAX_QUERY);
  const { page, offset, limit } = pageFromUrl(url, PAGE_SIZE);
  const viewer = viewerOf(context);
  const [endpoints, tagIndex, keyApps] = await Promise.all([
    listApiEndpoints(
      context.db,
      context.tenant.id,
      api.id,
      { offset, limit, query: query || undefined, tag: tag || undefined },
      viewer,
    ),
    listApiEndpointTags(context.db, context.tenant.id, api.id, viewer),
    viewer ? listKeyAppsForApi(context.db, context.tenant.id, viewer, api.id) : null,
  ]);
  // Try-it picks the browser's stored key of one of these apps (decision 005); only key prefixes are sent.
  const keys: TryItKeys | null =
    viewer && keyApps ? { scope: { tenantId: context.tenant.id, userId: viewer.id }, apps: keyApps } : null;
  return { endpoints, query, tag, tagIndex, page, keys };
}

const METHOD_STYLES: Record<string, string> = {
  GET: "bg-emerald-500/15 text-emerald-800 dark:text-emerald-300",
  POST: "bg-sky-500/15 text-sky-800 dark:text-sky-300",
  PUT: "bg-amber-500/15 text-amber-800 dark:text-amber-300",
  PATCH: "bg-violet-500/15 text-violet-800 dark:text-violet-300",
  DELETE: "bg-rose-500/15 text-rose-800 dark:text-rose-300",
};

function MethodBadge(props: { method: string }) {
  const method = props.method.toUpperCase();
  return (
    <span
      data-testid="method-badge"
      className={`inline-flex w-16 shrink-0 justify-center rounded-md px-1.5 py-0.5 font-mono text-[11px] font-bold ${METHOD_STYLES[method] ?? "bg-slate-500/15 text-slate-700 dark:text-slate-300"}`}
    >
      {method}
    </span>
  );
}

export default function ApiEndpoints({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const location = useLocation();
  const { endpoints, query, tag, tagIndex, page, keys } = loaderData;
  // Links of the tag index keep the filter text and start at page 1.
  const tagHref = (next: string | null) => {
    const search = new URLSearchParams();
    if (query) search.set("q", query);
    if (next !== null) search.set("tag", next);
    const text = search.toString();
    return text ? `${location.pathname}?${text}` : location.pathname;
  };
  const groups = groupByTag(endpoints.items, t("endpoints.untagged"));
  const from = endpoints.total === 0 ? 0 : endpoints.offset + 1;
  const to = endpoints.offset + endpoints.items.length;

  return (
    <section aria-labelledby="endpoints-heading" className="flex flex-col gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="endpoints-heading" className="text-lg font-bold">
            {t("endpoints.heading")}
          </h2>
          <p className="text-sm text-slate-500 dark:text-slate-400">
            {endpoints.total > 0
              ? t("endpoints.showing", {
                  from: formatNumber(from, locale),
                  to: formatNumber(to, locale),
                  total: formatNumber(endpoints.total, locale),
                })
              : null}
          </p>
        </div>
        <Form
          method="get"
          action={location.pathname}
          preventScrollReset
          className="flex w-full gap-2 sm:w-auto"
          role="search"
        >
          {tag && <input type="hidden" name="tag" value={tag} />}
          <div className="relative flex-1 sm:w-80">
            <label htmlFor="endpoint-filter" className="sr-only">
              {t("endpoints.filterLabel")}
            </label>
            <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
            <input
              id="endpoint-filter"
              name="q"
              type="search"
              defaultValue={query}
              key={query}
              maxLength={MAX_QUERY}
              placeholder={t("endpoints.filterPlaceholder")}
              data-testid="endpoint-filter"
              className="h-10 w-full rounded-lg border border-slate-300 bg-white ps-9 pe-3 text-sm focus:border-accent focus:outline-none dark:border-slate-700 dark:bg-slate-900"
            />
          </div>
          <Button type="submit" size="custom" className="h-10 rounded-lg px-4 text-sm">
            {t("endpoints.filterSubmit")}
          </Button>
        </Form>
      </div>

      {tagIndex.tags.length > 1 && (
        <nav aria-label={t("endpoints.tagsLabel")} data-testid="endpoint-tags" className="max-h-40 overflow-y-auto">
          <ul className="flex flex-wrap gap-2">
            <li>
              <TagChip to={tagHref(null)} current={!tag} label={t("endpoints.allTags")} />
            </li>
            {tagIndex.tags.map((entry) => (
              <li key={entry.tag}>
                <TagChip
                  to={tagHref(entry.tag)}
                  current={entry.tag === tag}
                  label={entry.tag}
                  count={formatNumber(entry.count, locale)}
                />
              </li>
            ))}
          </ul>
        </nav>
      )}
      {endpoints.total === 0 ? (
        <EmptyState data-testid="endpoints-empty" size="lg">
          {query ? t("endpoints.noMatch", { query }) : t("endpoints.none")}
        </EmptyState>
      ) : (
        groups.map((group) => (
          <div
            key={group.tag}
            className="overflow-hidden rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
          >
            <h3 className="border-b border-slate-200 bg-slate-50 px-4 py-2.5 text-sm font-semibold dark:border-slate-800 dark:bg-slate-800/40">
              {group.tag}
            </h3>
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {group.items.map((endpoint) => (
                <EndpointRow key={endpoint.id} endpoint={endpoint} keys={keys} />
              ))}
            </ul>
          </div>
        ))
      )}
      <Pagination page={page} total={endpoints.total} pageSize={PAGE_SIZE} />
    </section>
  );
}

function TagChip(props: { to: string; current: boolean; label: string; count?: string }) {
  return (
    <Link
      to={props.to}
      preventScrollReset
      data-testid="endpoint-tag"
      aria-current={props.current ? "true" : undefined}
      className="inline-flex items-center gap-1.5 rounded-full border border-slate-300 px-3 py-1 text-xs font-semibold text-slate-700 hover:border-accent hover:text-accent aria-[current=true]:border-accent aria-[current=true]:bg-accent-fill aria-[current=true]:text-white dark:border-slate-700 dark:text-slate-300"
    >
      <span dir="auto">{props.label}</span>
      {props.count !== undefined && <span className="font-normal opacity-75">{props.count}</span>}
    </Link>
  );
}

function EndpointRow(props: { endpoint: EndpointSummary; keys: TryItKeys | null }) {
  const params = useParams();
  const { endpoint } = props;
  // The detail (schemas, try-it, snippets) is fetched when the row is first opened, so a page of 50 operations of a
  // 1,000-operation spec renders as fast as a short one.
  const [opened, setOpened] = useState(false);
  return (
    <li data-testid="endpoint-row" data-endpoint-id={endpoint.id}>
      <details className="group" onToggle={(e) => e.currentTarget.open && setOpened(true)}>
        <summary
          data-testid="endpoint-summary"
          className="flex cursor-pointer list-none items-center gap-3 px-4 py-3 hover:bg-slate-50 dark:hover:bg-slate-800/40 [&::-webkit-details-marker]:hidden"
        >
          <MethodBadge method={endpoint.method} />
          <code dir="ltr" className="min-w-0 truncate font-mono text-sm text-slate-800 dark:text-slate-200">
            {endpoint.path}
          </code>
          <span
            dir="auto"
            className="ms-auto hidden min-w-0 truncate text-sm text-slate-500 md:block dark:text-slate-400"
          >
            {endpoint.summary}
          </span>
          <span
            aria-hidden="true"
            className="shrink-0 text-slate-400 transition group-open:rotate-90 max-md:ms-auto rtl:-scale-x-100"
          >
            ▸
          </span>
        </summary>
        <div className="flex flex-col gap-3 border-t border-slate-100 bg-slate-50/60 px-4 py-4 text-sm dark:border-slate-800 dark:bg-slate-950/30">
          {endpoint.summary && (
            <p dir="auto" className="font-medium md:hidden">
              {endpoint.summary}
            </p>
          )}
          {opened && params.username && params.slug ? (
            <EndpointDetailPanel
              ownerUsername={params.username}
              slug={params.slug}
              endpointId={endpoint.id}
              keys={props.keys}
            />
          ) : (
            endpoint.description &&
            endpoint.description !== endpoint.summary && (
              <p dir="auto" className="whitespace-pre-line text-slate-600 dark:text-slate-400">
                {endpoint.description}
              </p>
            )
          )}
        </div>
      </details>
    </li>
  );
}
