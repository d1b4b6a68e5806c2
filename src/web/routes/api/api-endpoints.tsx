import { useEffect, useRef, useState } from "react";
import { useLocation, useParams } from "react-router";
import { canEditApi } from "../../../core/access/private-apis.service";
import { listKeyAppsForApi } from "../../../core/apps/key-apps.service";
import {
  type EndpointNavItem,
  findApiEndpoint,
  listApiEndpointIndex,
} from "../../../core/catalog/api-endpoints.service";
import { getEndpointDetail } from "../../../core/catalog/endpoint-detail.service";
import { apiPath } from "../../components/api-card";
import { CloseIcon } from "../../components/icons";
import { OperationDocs } from "../../components/reference/operation-docs";
import { ReferenceNav } from "../../components/reference/reference-nav";
import { TryItPanel } from "../../components/try-it-panel";
import { useTranslation } from "../../i18n/use-translation";
import { loadApiOr404 } from "../../lib/api-detail.server";
import type { TryItKeys } from "../../lib/app-key-store";
import { localizedRedirect } from "../../lib/localized-redirect.server";
import { gatewayPublicBase } from "../../lib/try-it-gateway.server";
import type { Route } from "./+types/api-endpoints";

/*
 * The API reference (spec section on the API page's Endpoints tab): three panes. Navigation of tags and operations on
 * the left (sticky, filter as you type, virtualized), the open operation's documentation in the middle, try-it and
 * snippets on the right (sticky). Every operation has its own address, `?op=<operationId or id>`, rendered on the
 * server; the navigation renders its first rows on the server and loads the whole index when the spec is longer.
 * Below the large breakpoint the navigation becomes a drawer and the panes stack.
 */

/**
 * Rows of the navigation index sent with the page: what its first screen shows (reference-nav.tsx renders ~15 on the
 * server); longer specs load the rest after hydration.
 */
const SSR_NAV_ROWS = 20;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const api = await loadApiOr404(context, params);
  // Documented-first (decision 100): an API without a spec opens on About, which says so and links the provider's
  // docs. Its owner stays here, where the empty state points at importing a spec.
  if (
    api.currentVersion === null &&
    !(await canEditApi({ db: context.db, tenantId: context.tenant.id, viewer: context.viewer }, api.id))
  ) {
    throw localizedRedirect(`${apiPath(api)}/details`, params.lang);
  }
  const url = new URL(request.url);
  const viewer = context.viewer && context.viewer.tenantId === context.tenant.id ? context.viewer : null;
  const op = (url.searchParams.get("op") ?? "").slice(0, 64);
  const [nav, requested, keyApps] = await Promise.all([
    listApiEndpointIndex(context.db, context.tenant.id, api.id, viewer, SSR_NAV_ROWS),
    op ? findApiEndpoint(context.db, context.tenant.id, api.id, viewer, op) : null,
    viewer ? listKeyAppsForApi({ db: context.db, tenantId: context.tenant.id, viewer }, api.id) : null,
  ]);
  const selectedId = requested ?? nav.items[0]?.id ?? null;
  const detail = selectedId
    ? await getEndpointDetail(
        context.db,
        context.tenant.id,
        { ownerUsername: api.ownerUsername, slug: api.slug },
        selectedId,
        viewer,
      )
    : null;
  // Try-it picks the browser's stored key of one of these apps (decision 005); only key prefixes are sent.
  const keys: TryItKeys | null =
    viewer && keyApps ? { scope: { tenantId: context.tenant.id, userId: viewer.id }, apps: keyApps } : null;
  const gatewayUrl = `${gatewayPublicBase(context.config)}/${encodeURIComponent(api.ownerUsername)}/${encodeURIComponent(api.slug)}`;
  return { nav, detail, keys, gatewayUrl, signedIn: viewer !== null, missing: op !== "" && requested === null };
}

/**
 * The whole index once the server's first rows are not all of it. Opening an operation (`?op=`) reloads the page's
 * data with the same first rows: the index already fetched for them is kept, not fetched and drawn again.
 */
function useFullIndex(initial: { items: EndpointNavItem[]; total: number }, owner: string, slug: string) {
  const indexKey = `${owner}\u0000${slug}\u0000${initial.total}\u0000${initial.items.map((i) => i.id).join(",")}`;
  const [loaded, setLoaded] = useState<{ indexKey: string; items: EndpointNavItem[] } | null>(null);
  const complete = initial.items.length >= initial.total;
  const have = loaded?.indexKey === indexKey;
  useEffect(() => {
    if (complete || have) return;
    const controller = new AbortController();
    fetch(`/resources/endpoint-index/${encodeURIComponent(owner)}/${encodeURIComponent(slug)}`, {
      credentials: "same-origin",
      signal: controller.signal,
    })
      .then((r) => (r.ok ? (r.json() as Promise<{ items: EndpointNavItem[] }>) : null))
      .then((body) => {
        if (body) setLoaded({ indexKey, items: body.items });
      })
      .catch(() => {});
    return () => controller.abort();
  }, [complete, have, indexKey, owner, slug]);
  return have && loaded ? loaded.items : initial.items;
}

export default function ApiEndpoints({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const params = useParams();
  const location = useLocation();
  const { nav, detail, keys, gatewayUrl, signedIn, missing } = loaderData;
  const owner = params.username ?? "";
  const slug = params.slug ?? "";
  const items = useFullIndex(nav, owner, slug);
  const [example, setExample] = useState<string | null>(null);
  const drawer = useRef<HTMLDialogElement>(null);
  // The drawer's navigation exists only while it is open: one navigation in the HTML, not two.
  const [drawerOpen, setDrawerOpen] = useState(false);
  const docsRef = useRef<HTMLDivElement>(null);

  // A new operation starts from its own first example, and its documentation from the top on small screens.
  const detailId = detail?.id ?? null;
  useEffect(() => {
    setExample(null);
    if (detailId && docsRef.current && docsRef.current.getBoundingClientRect().top < 0) {
      docsRef.current.scrollIntoView({ block: "start" });
    }
  }, [detailId]);

  const hrefFor = (item: EndpointNavItem) => {
    const search = new URLSearchParams(location.search);
    search.set("op", item.anchor);
    return `${location.pathname}?${search.toString()}`;
  };

  if (nav.total === 0 || !detail) {
    return (
      <p
        data-testid="endpoints-empty"
        className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-500 dark:text-slate-400 dark:border-slate-700"
      >
        {t("endpoints.none")}
      </p>
    );
  }

  const navProps = { items, selectedId: detail.id, hrefFor };
  return (
    <div
      data-testid="reference"
      className="grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)] xl:grid-cols-[17rem_minmax(0,1fr)_minmax(0,25rem)]"
    >
      <aside className="hidden lg:block">
        <div className="sticky top-4">
          <ReferenceNav {...navProps} idPrefix="reference" listClassName="h-[calc(100vh-9rem)]" />
        </div>
      </aside>

      <div ref={docsRef} className="flex min-w-0 scroll-mt-4 flex-col gap-4">
        <button
          type="button"
          data-testid="reference-drawer-open"
          onClick={() => {
            setDrawerOpen(true);
            drawer.current?.showModal();
          }}
          className="flex h-10 items-center justify-between gap-2 rounded-lg border border-slate-300 px-3 text-sm font-semibold lg:hidden dark:border-slate-700"
        >
          <span>{t("reference.browse")}</span>
          <span className="font-normal text-slate-500 dark:text-slate-400">
            {t("endpoints.count", { count: items.length })}
          </span>
        </button>
        {missing && (
          <p role="status" className="rounded-lg bg-amber-500/10 px-3 py-2 text-sm text-amber-800 dark:text-amber-200">
            {t("reference.missing")}
          </p>
        )}
        <OperationDocs detail={detail} gatewayUrl={gatewayUrl} selectedExample={example} onSelectExample={setExample} />
      </div>

      <aside className="min-w-0 lg:col-start-2 xl:col-start-auto" aria-label={t("tryIt.heading")}>
        <div className="xl:sticky xl:top-4 xl:max-h-[calc(100vh-2rem)] xl:overflow-y-auto">
          {detail.kind === "webhook" ? (
            <p className="rounded-xl border border-slate-200 p-4 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
              {t("reference.webhookTryIt")}
            </p>
          ) : (
            <TryItPanel
              key={detail.id}
              endpoint={{ ownerUsername: owner, slug, endpointId: detail.id }}
              detail={detail}
              signedIn={signedIn}
              keys={keys}
              exampleName={example}
            />
          )}
        </div>
      </aside>

      {/* biome-ignore lint/a11y/useKeyWithClickEvents: backdrop click only; the dialog closes on Escape natively. */}
      <dialog
        ref={drawer}
        aria-label={t("reference.navLabel")}
        data-testid="reference-drawer"
        onClick={(e) => {
          if (e.target === e.currentTarget) e.currentTarget.close();
        }}
        onClose={() => setDrawerOpen(false)}
        className="m-0 h-full max-h-none w-[min(22rem,90vw)] max-w-none bg-white p-4 text-slate-900 backdrop:bg-slate-950/50 dark:bg-slate-900 dark:text-slate-100 rtl:ms-auto"
      >
        <div className="mb-3 flex items-center justify-between">
          <p className="font-semibold">{t("reference.browse")}</p>
          <button
            type="button"
            aria-label={t("reference.close")}
            onClick={() => drawer.current?.close()}
            className="rounded-md p-1.5 hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            <CloseIcon className="size-5" />
          </button>
        </div>
        {drawerOpen && (
          <ReferenceNav
            {...navProps}
            idPrefix="reference-drawer"
            listClassName="h-[calc(100vh-9rem)]"
            onOpen={() => drawer.current?.close()}
          />
        )}
      </dialog>
    </div>
  );
}
