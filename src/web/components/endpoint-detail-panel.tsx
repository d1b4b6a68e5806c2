import { useCallback, useEffect, useMemo, useState } from "react";
import type { EndpointDetail, MediaDetail } from "../../core/catalog/endpoint-detail.service";
import { useTranslation } from "../i18n/use-translation";
import type { TryItKeys } from "../lib/app-key-store";
import { type EndpointRef, loadEndpointDetail } from "../lib/try-it-client";
import type { EndpointDetailResponse } from "../lib/try-it-types";
import { SchemaTree } from "./endpoint-schema-tree";
import { TryItPanel } from "./try-it-panel";

function Heading(props: { children: string }) {
  return (
    <h4 className="mb-2 text-xs font-semibold tracking-wider text-slate-500 dark:text-slate-400 uppercase">
      {props.children}
    </h4>
  );
}

function MediaBlock(props: { media: MediaDetail[] }) {
  const { t } = useTranslation();
  if (props.media.length === 0) return null;
  return (
    <div className="flex flex-col gap-3">
      {props.media.map((m) => (
        <div key={m.contentType} className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
          <code className="mb-2 block text-[11px] text-slate-500 dark:text-slate-400">{m.contentType}</code>
          {m.schema ? (
            <SchemaTree node={m.schema} />
          ) : (
            <p className="text-sm text-slate-500 dark:text-slate-400">{t("endpointDetail.noSchema")}</p>
          )}
          {m.example && (
            <details className="mt-2">
              <summary className="cursor-pointer text-xs font-semibold text-slate-600 dark:text-slate-300">
                {t("endpointDetail.example")}
              </summary>
              <pre
                dir="ltr"
                className="mt-2 max-h-64 overflow-auto rounded-md bg-slate-950 p-3 font-mono text-[12px] text-slate-100"
              >
                {m.example}
              </pre>
            </details>
          )}
        </div>
      ))}
    </div>
  );
}

function statusColor(status: string): string {
  if (status.startsWith("2")) return "text-emerald-600 dark:text-emerald-400";
  if (status.startsWith("4")) return "text-amber-600 dark:text-amber-400";
  if (status.startsWith("5")) return "text-rose-600 dark:text-rose-400";
  return "text-slate-600 dark:text-slate-300";
}

function Documentation(props: { detail: EndpointDetail }) {
  const { t } = useTranslation();
  const { detail } = props;
  return (
    <div data-testid="endpoint-docs" className="flex min-w-0 flex-col gap-5">
      {detail.description && detail.description !== detail.summary && (
        <p dir="auto" className="whitespace-pre-line text-slate-600 dark:text-slate-400">
          {detail.description}
        </p>
      )}
      {detail.security.length > 0 && (
        <div>
          <Heading>{t("endpointDetail.security")}</Heading>
          <p className="flex flex-wrap gap-1.5">
            {detail.security.map((s) => (
              <code key={s} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs dark:bg-slate-800">
                {s}
              </code>
            ))}
          </p>
        </div>
      )}
      {detail.parameters.length > 0 && (
        <div>
          <Heading>{t("endpointDetail.parameters")}</Heading>
          <ul
            data-testid="endpoint-parameters"
            className="flex flex-col divide-y divide-slate-100 dark:divide-slate-800"
          >
            {detail.parameters.map((p) => (
              <li key={`${p.in}:${p.name}`} className="py-2">
                <div className="flex flex-wrap items-baseline gap-x-2">
                  <code dir="ltr" className="font-mono text-sm font-semibold">
                    {p.name}
                  </code>
                  <span className="rounded bg-slate-200 px-1.5 text-[11px] dark:bg-slate-800">{p.in}</span>
                  {p.required ? (
                    <span className="text-[11px] font-semibold text-danger">{t("endpointDetail.required")}</span>
                  ) : (
                    <span className="text-[11px] text-slate-500 dark:text-slate-400">
                      {t("endpointDetail.optional")}
                    </span>
                  )}
                </div>
                {p.description && (
                  <p dir="auto" className="mt-0.5 text-sm whitespace-pre-line text-slate-600 dark:text-slate-400">
                    {p.description}
                  </p>
                )}
                {p.schema && (
                  <div className="mt-1">
                    <SchemaTree node={p.schema} />
                  </div>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {detail.requestBody && (
        <div data-testid="endpoint-request-body">
          <Heading>{t("endpointDetail.requestBody")}</Heading>
          {detail.requestBody.description && (
            <p dir="auto" className="mb-2 text-sm text-slate-600 dark:text-slate-400">
              {detail.requestBody.description}
            </p>
          )}
          <MediaBlock media={detail.requestBody.media} />
        </div>
      )}
      <div data-testid="endpoint-responses">
        <Heading>{t("endpointDetail.responses")}</Heading>
        {detail.responses.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">{t("endpointDetail.noResponses")}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {detail.responses.map((r, i) => (
              <li key={r.status}>
                <details open={i === 0} className="rounded-lg border border-slate-200 dark:border-slate-800">
                  <summary className="flex cursor-pointer items-baseline gap-2 px-3 py-2 text-sm">
                    <code className={`font-mono font-bold ${statusColor(r.status)}`}>{r.status}</code>
                    <span dir="auto" className="truncate text-slate-600 dark:text-slate-400">
                      {r.description}
                    </span>
                  </summary>
                  <div className="border-t border-slate-200 p-3 dark:border-slate-800">
                    {r.media.length > 0 ? (
                      <MediaBlock media={r.media} />
                    ) : (
                      <p className="text-sm text-slate-500 dark:text-slate-400">{t("endpointDetail.noSchema")}</p>
                    )}
                  </div>
                </details>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** An expanded endpoint: its detail is fetched on first open (the tab's HTML stays small), then docs and try-it. */
export function EndpointDetailPanel(props: {
  ownerUsername: string;
  slug: string;
  endpointId: string;
  keys: TryItKeys | null;
}) {
  const { t } = useTranslation();
  const { ownerUsername, slug, endpointId } = props;
  const ref: EndpointRef = useMemo(() => ({ ownerUsername, slug, endpointId }), [ownerUsername, slug, endpointId]);
  const [state, setState] = useState<{ data: EndpointDetailResponse | null; failed: boolean }>({
    data: null,
    failed: false,
  });

  const load = useCallback(
    (live: () => boolean) => {
      setState({ data: null, failed: false });
      loadEndpointDetail(ref)
        .then((data) => live() && setState({ data, failed: false }))
        .catch(() => live() && setState({ data: null, failed: true }));
    },
    [ref],
  );

  useEffect(() => {
    let live = true;
    load(() => live);
    return () => {
      live = false;
    };
  }, [load]);

  if (state.failed) {
    return (
      <div role="alert" className="flex items-center gap-3 text-sm text-danger">
        {t("endpointDetail.loadFailed")}
        <button type="button" onClick={() => load(() => true)} className="font-semibold underline">
          {t("endpointDetail.retry")}
        </button>
      </div>
    );
  }
  if (!state.data) {
    return (
      <p data-testid="endpoint-detail-loading" className="animate-pulse text-sm text-slate-500 dark:text-slate-400">
        {t("endpointDetail.loading")}
      </p>
    );
  }
  return (
    <div data-testid="endpoint-detail" className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <Documentation detail={state.data.detail} />
      <TryItPanel endpoint={ref} detail={state.data.detail} signedIn={state.data.signedIn} keys={props.keys} />
    </div>
  );
}
