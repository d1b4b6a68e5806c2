import type {
  CallbackDetail,
  EndpointDetail,
  MediaDetail,
  ResponseDetail,
} from "../../../core/catalog/endpoint-detail.service";
import { useTranslation } from "../../i18n/use-translation";
import { SchemaTree } from "../endpoint-schema-tree";
import { MethodBadge } from "./method-badge";
import { ServersBlock } from "./servers-block";

/*
 * The middle pane of the reference: one operation (or webhook) documented in full. Descriptions arrive as sanitized
 * HTML rendered on the server from their CommonMark (core/content/content-markdown.ts renderSpecMarkdown).
 */

function Heading(props: { children: string }) {
  return (
    <h3 className="mb-2 text-xs font-semibold tracking-wider text-slate-500 dark:text-slate-400 uppercase">
      {props.children}
    </h3>
  );
}

function Prose(props: { html: string | null; className?: string }) {
  if (!props.html) return null;
  return (
    <div
      dir="auto"
      data-testid="reference-prose"
      className={`prose break-words text-sm text-slate-700 dark:text-slate-300 ${props.className ?? ""}`}
      // Rendered on the server by markdown-it with raw HTML off and only http(s)/mailto/# links (decision 110).
      // biome-ignore lint/security/noDangerouslySetInnerHtml: safe HTML from renderSpecMarkdown
      dangerouslySetInnerHTML={{ __html: props.html }}
    />
  );
}

/** Examples of one media type; when there are several, buttons choose which one is shown (and sent by try-it). */
function Examples(props: { media: MediaDetail; selected?: string | null; onSelect?: (name: string) => void }) {
  const { t } = useTranslation();
  const { examples } = props.media;
  if (examples.length === 0) return null;
  const current = examples.find((e) => e.name === props.selected) ?? examples[0];
  if (!current) return null;
  return (
    <div className="mt-2 flex flex-col gap-2" data-testid="reference-examples">
      {examples.length > 1 && (
        <fieldset aria-label={t("reference.examples")} className="flex flex-wrap gap-1.5">
          {examples.map((e) => (
            <button
              key={e.name}
              type="button"
              aria-pressed={e.name === current.name}
              data-testid="reference-example-choice"
              title={e.summary ?? undefined}
              onClick={() => props.onSelect?.(e.name)}
              className="rounded-full border border-slate-300 px-2.5 py-0.5 text-xs font-semibold text-slate-700 aria-pressed:border-accent aria-pressed:bg-accent aria-pressed:text-white dark:border-slate-700 dark:text-slate-300"
            >
              <span dir="auto">{e.summary ?? e.name}</span>
            </button>
          ))}
        </fieldset>
      )}
      <p className="text-[11px] text-slate-500 dark:text-slate-400">
        {current.name === "generated"
          ? t("reference.generatedExample")
          : examples.length === 1
            ? t("endpointDetail.example")
            : `${t("endpointDetail.example")}: ${current.name}`}
      </p>
      <pre
        dir="ltr"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling code block must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        data-testid="reference-example"
        className="max-h-72 overflow-auto rounded-md bg-slate-950 p-3 font-mono text-[12px] text-slate-100"
      >
        {current.value}
      </pre>
    </div>
  );
}

function MediaBlock(props: {
  media: MediaDetail[];
  selectedExample?: string | null;
  onSelectExample?: (name: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3">
      {props.media.map((m, i) => (
        <div key={m.contentType} className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
          <code dir="ltr" className="mb-2 block text-[11px] text-slate-500 dark:text-slate-400">
            {m.contentType}
          </code>
          {m.schema ? (
            <SchemaTree node={m.schema} />
          ) : (
            <p className="text-sm text-slate-500 dark:text-slate-400">{t("endpointDetail.noSchema")}</p>
          )}
          <Examples
            media={m}
            selected={i === 0 ? props.selectedExample : null}
            onSelect={i === 0 ? props.onSelectExample : undefined}
          />
        </div>
      ))}
    </div>
  );
}

function statusColor(status: string): string {
  if (status.startsWith("2")) return "text-emerald-700 dark:text-emerald-400";
  if (status.startsWith("4")) return "text-amber-700 dark:text-amber-400";
  if (status.startsWith("5")) return "text-rose-700 dark:text-rose-400";
  return "text-slate-600 dark:text-slate-300";
}

function Response(props: { response: ResponseDetail; open: boolean }) {
  const { t } = useTranslation();
  const r = props.response;
  return (
    <details open={props.open} className="rounded-lg border border-slate-200 dark:border-slate-800">
      <summary className="flex cursor-pointer items-baseline gap-2 px-3 py-2 text-sm">
        <code className={`font-mono font-bold ${statusColor(r.status)}`}>{r.status}</code>
        <span dir="auto" className="min-w-0 truncate text-slate-600 dark:text-slate-400">
          {r.description}
        </span>
      </summary>
      <div className="flex flex-col gap-3 border-t border-slate-200 p-3 dark:border-slate-800">
        {r.descriptionHtml && r.description && /[*_`[<]/.test(r.description) && <Prose html={r.descriptionHtml} />}
        {r.headers.length > 0 && (
          <p className="flex flex-wrap items-center gap-1.5 text-xs">
            <span className="text-slate-500 dark:text-slate-400">{t("reference.headers")}:</span>
            {r.headers.map((h) => (
              <code key={h} dir="ltr" className="rounded bg-slate-100 px-1.5 dark:bg-slate-800">
                {h}
              </code>
            ))}
          </p>
        )}
        {r.media.length > 0 ? (
          <MediaBlock media={r.media} />
        ) : (
          <p className="text-sm text-slate-500 dark:text-slate-400">{t("endpointDetail.noSchema")}</p>
        )}
        {r.links.length > 0 && (
          <div data-testid="reference-links">
            <Heading>{t("reference.links")}</Heading>
            <ul className="flex flex-col gap-1.5 text-sm">
              {r.links.map((l) => (
                <li key={l.name}>
                  <span className="font-semibold">{l.name}</span>
                  {l.target && (
                    <>
                      {" → "}
                      <code dir="ltr" className="text-xs">
                        {l.target}
                      </code>
                    </>
                  )}
                  {l.description && (
                    <span dir="auto" className="ms-2 text-slate-500 dark:text-slate-400">
                      {l.description}
                    </span>
                  )}
                  {l.parameters.length > 0 && (
                    <code dir="ltr" className="block text-[11px] text-slate-500 dark:text-slate-400">
                      {l.parameters.join(", ")}
                    </code>
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </details>
  );
}

function Callback(props: { callback: CallbackDetail }) {
  const { t } = useTranslation();
  const c = props.callback;
  return (
    <details className="rounded-lg border border-slate-200 dark:border-slate-800" data-testid="reference-callback">
      <summary className="flex cursor-pointer flex-wrap items-center gap-2 px-3 py-2 text-sm">
        <span className="font-semibold">{c.name}</span>
        <MethodBadge method={c.method} small />
        <code dir="ltr" className="break-all text-xs text-slate-600 dark:text-slate-400">
          {c.expression}
        </code>
      </summary>
      <div className="flex flex-col gap-3 border-t border-slate-200 p-3 dark:border-slate-800">
        {c.summary && (
          <p dir="auto" className="text-sm font-medium">
            {c.summary}
          </p>
        )}
        <Prose html={c.descriptionHtml} />
        {c.requestBody.length > 0 && <MediaBlock media={c.requestBody} />}
        {c.responses.length > 0 && (
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {t("endpointDetail.responses")}: {c.responses.join(", ")}
          </p>
        )}
      </div>
    </details>
  );
}

export function OperationDocs(props: {
  detail: EndpointDetail;
  /** This API's address on the public gateway (what try-it and the snippets call). */
  gatewayUrl: string;
  selectedExample: string | null;
  onSelectExample: (name: string) => void;
}) {
  const { t } = useTranslation();
  const { detail } = props;
  return (
    <article data-testid="endpoint-docs" aria-labelledby="operation-title" className="flex min-w-0 flex-col gap-6">
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          {detail.kind === "webhook" && (
            <span className="rounded-md bg-fuchsia-500/15 px-2 py-0.5 text-xs font-bold text-fuchsia-700 dark:text-fuchsia-300">
              {t("reference.webhook")}
            </span>
          )}
          {detail.deprecated && (
            <span className="rounded-md bg-amber-500/15 px-2 py-0.5 text-xs font-bold text-amber-700 dark:text-amber-300">
              {t("endpointDetail.deprecated")}
            </span>
          )}
        </div>
        <h2 id="operation-title" dir="auto" className="text-xl font-bold" data-testid="operation-title">
          {detail.summary ?? detail.operationId ?? `${detail.method} ${detail.path}`}
        </h2>
        <p className="flex min-w-0 items-start gap-2">
          <MethodBadge method={detail.method} />
          {/* The whole path, wrapped when long: never cut (a long summary used to push it to "/Bike…"). */}
          <code dir="ltr" data-testid="operation-path" className="min-w-0 break-all font-mono text-sm">
            {detail.path}
          </code>
        </p>
        {detail.kind === "webhook" && (
          <p className="text-sm text-slate-500 dark:text-slate-400">{t("reference.webhookNote")}</p>
        )}
      </header>
      <Prose html={detail.descriptionHtml} />
      {detail.externalDocs && (
        <p className="text-sm">
          <a
            href={detail.externalDocs.url}
            rel="nofollow noopener noreferrer"
            target="_blank"
            className="font-semibold text-accent hover:underline"
          >
            {detail.externalDocs.description ?? t("reference.externalDocs")} ↗
          </a>
        </p>
      )}
      {detail.kind === "operation" && <ServersBlock gatewayUrl={props.gatewayUrl} servers={detail.servers} />}
      {detail.security.length > 0 && (
        <section>
          <Heading>{t("endpointDetail.security")}</Heading>
          <p className="flex flex-wrap gap-1.5">
            {detail.security.map((s) => (
              <code key={s} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs dark:bg-slate-800">
                {s}
              </code>
            ))}
          </p>
        </section>
      )}
      {detail.parameters.length > 0 && (
        <section>
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
                <Prose html={p.descriptionHtml} className="mt-0.5" />
                {p.schema && (
                  <div className="mt-1">
                    <SchemaTree node={p.schema} />
                  </div>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {detail.requestBody && (
        <section data-testid="endpoint-request-body">
          <Heading>{t("endpointDetail.requestBody")}</Heading>
          <Prose html={detail.requestBody.descriptionHtml} className="mb-2" />
          <MediaBlock
            media={detail.requestBody.media}
            selectedExample={props.selectedExample}
            onSelectExample={props.onSelectExample}
          />
        </section>
      )}
      <section data-testid="endpoint-responses">
        <Heading>{t("endpointDetail.responses")}</Heading>
        {detail.responses.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">{t("endpointDetail.noResponses")}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {detail.responses.map((r, i) => (
              <li key={r.status}>
                <Response response={r} open={i === 0} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {detail.callbacks.length > 0 && (
        <section>
          <Heading>{t("reference.callbacks")}</Heading>
          <ul className="flex flex-col gap-2">
            {detail.callbacks.map((c) => (
              <li key={`${c.name} ${c.expression} ${c.method}`}>
                <Callback callback={c} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
