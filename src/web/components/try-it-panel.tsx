import { useEffect, useId, useMemo, useRef, useState } from "react";
import type { EndpointDetail, EndpointParameterDetail } from "../../core/catalog/endpoint-detail.service";
import { useTranslation } from "../i18n/use-translation";
import type { TryItKeys } from "../lib/app-key-store";
import { type EndpointRef, postTryIt, prettyBody, type TryItPayload } from "../lib/try-it-client";
import { paramKey } from "../lib/try-it-request";
import type { Snippet, TryItResult } from "../lib/try-it-types";
import { SnippetPanel } from "./snippet-panel";
import { TryItKeyField, useTryItKey } from "./try-it-key";
import { mockReasonOf, TryItMockNotice } from "./try-it-mock-notice";
import { Button } from "./ui/button";

const LOCATIONS = ["path", "query", "header"] as const;
const GROUP_LABEL: Record<(typeof LOCATIONS)[number], string> = {
  path: "tryIt.pathParams",
  query: "tryIt.queryParams",
  header: "tryIt.headerParams",
};

function initialValues(parameters: EndpointParameterDetail[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const p of parameters) {
    const value = p.example ?? (p.required ? (p.options?.[0] ?? "") : "");
    if (value) values[paramKey(p)] = value;
  }
  return values;
}

function isGatewayKeyHeader(p: EndpointParameterDetail): boolean {
  return p.in === "header" && p.name.toLowerCase() === "x-api-key";
}

function statusTone(status: number): string {
  if (status < 300) return "bg-emerald-500/15 text-emerald-800 dark:text-emerald-300";
  if (status < 400) return "bg-sky-500/15 text-sky-800 dark:text-sky-300";
  if (status < 500) return "bg-amber-500/15 text-amber-800 dark:text-amber-300";
  return "bg-rose-500/15 text-rose-800 dark:text-rose-300";
}

const inputClass =
  "h-9 w-full rounded-md border bg-white px-2.5 text-sm focus:border-accent focus:outline-none dark:bg-slate-900";

/**
 * Try it: a form built from the operation's parameters and body, sent through Portico (never straight to the
 * provider) and answered with status, headers, body and time; the request as code snippets beside it.
 */
export function TryItPanel(props: {
  endpoint: EndpointRef;
  detail: EndpointDetail;
  signedIn: boolean;
  keys: TryItKeys | null;
  /** The request example chosen in the documentation: the body starts from it and follows a new choice. */
  exampleName?: string | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { detail } = props;
  const media = detail.requestBody?.media ?? [];
  const [values, setValues] = useState<Record<string, string>>(() => initialValues(detail.parameters));
  const [contentType, setContentType] = useState<string | null>(media[0]?.contentType ?? null);
  const exampleFor = (type: string | null) => {
    const m = media.find((entry) => entry.contentType === type);
    return m?.examples.find((e) => e.name === props.exampleName)?.value ?? m?.example ?? "";
  };
  const [body, setBody] = useState<string>(() => exampleFor(media[0]?.contentType ?? null));
  // A new example picked in the documentation replaces the body (the snippets follow the body).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new choice resets the body, not each render
  useEffect(() => {
    if (props.exampleName) setBody(exampleFor(contentType));
  }, [props.exampleName]);
  const keyState = useTryItKey(props.keys, props.signedIn);
  const [snippets, setSnippets] = useState<Snippet[] | null>(null);
  const [result, setResult] = useState<TryItResult | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const sendAbort = useRef<AbortController | null>(null);

  const key = keyState.activeKey;
  const mockReason = result ? mockReasonOf(result) : null;
  const payload = useMemo(
    (): Omit<TryItPayload, "intent" | "apiKey"> => ({
      params: values,
      body: media.length > 0 ? body : null,
      contentType: media.length > 0 ? contentType : null,
    }),
    [values, body, contentType, media.length],
  );

  // Snippets follow the form, debounced; an unfinished form still gets snippets (placeholders where values lack).
  useEffect(() => {
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      postTryIt(props.endpoint, { intent: "snippets", apiKey: null, ...payload }, controller.signal)
        .then((response) => {
          if (response.ok && "snippets" in response) setSnippets(response.snippets);
        })
        .catch(() => {});
    }, 250);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [payload, props.endpoint]);

  useEffect(() => () => sendAbort.current?.abort(), []);

  const send = async () => {
    sendAbort.current?.abort();
    const controller = new AbortController();
    sendAbort.current = controller;
    setSending(true);
    setError(null);
    setFields({});
    try {
      const response = await postTryIt(props.endpoint, { intent: "send", apiKey: key, ...payload }, controller.signal);
      if (!response.ok) {
        setError(response.error);
        setFields(response.fields);
      } else if ("result" in response) {
        setResult(response.result);
      }
    } catch {
      if (!controller.signal.aborted) setError(t("tryIt.failed"));
    } finally {
      if (sendAbort.current === controller) setSending(false);
    }
  };

  // The key field above is the gateway's X-Api-Key: a spec that declares that header itself gets no second field.
  const groups = LOCATIONS.map((location) => ({
    location,
    params: detail.parameters.filter((p) => p.in === location && !isGatewayKeyHeader(p)),
  })).filter((g) => g.params.length > 0);
  const fieldError = (name: string) =>
    fields[name] ? (
      <p id={`${id}-${name}-error`} className="mt-1 text-xs text-danger">
        {fields[name]}
      </p>
    ) : null;
  const border = (name: string) => (fields[name] ? "border-danger" : "border-slate-300 dark:border-slate-700");
  const responseType = result?.headers.find(([n]) => n === "content-type")?.[1] ?? null;

  return (
    <div data-testid="try-it" className="flex min-w-0 flex-col gap-4">
      <form
        data-testid="try-it-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
        className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      >
        <h4 className="text-xs font-semibold tracking-wider text-slate-500 dark:text-slate-400 uppercase">
          {t("tryIt.heading")}
        </h4>
        <TryItKeyField
          id={`${id}-key`}
          state={keyState}
          signedIn={props.signedIn}
          pricingPath={`/${props.endpoint.ownerUsername}/api/${props.endpoint.slug}/pricing`}
          error={fieldError("apiKey")}
          inputClass={`${inputClass} ${border("apiKey")} font-mono`}
        />

        {groups.map((group) => (
          <fieldset key={group.location} className="flex flex-col gap-2.5">
            <legend className="mb-1 text-sm font-semibold">{t(GROUP_LABEL[group.location])}</legend>
            {group.params.map((p) => {
              const name = paramKey(p);
              const inputId = `${id}-${name}`;
              return (
                <div key={name}>
                  <label htmlFor={inputId} className="mb-1 flex items-baseline gap-2 text-sm">
                    <code dir="ltr" className="font-mono font-semibold">
                      {p.name}
                    </code>
                    {p.required && (
                      <span className="text-[11px] font-semibold text-danger">{t("endpointDetail.required")}</span>
                    )}
                  </label>
                  {p.options && p.options.length > 0 ? (
                    <select
                      id={inputId}
                      data-testid="try-it-param"
                      data-param={name}
                      value={values[name] ?? ""}
                      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
                      className={`${inputClass} ${border(name)}`}
                    >
                      {!p.required && <option value="" />}
                      {p.options.map((o) => (
                        <option key={o} value={o}>
                          {o}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <input
                      id={inputId}
                      data-testid="try-it-param"
                      data-param={name}
                      dir="ltr"
                      value={values[name] ?? ""}
                      maxLength={2000}
                      required={p.required}
                      aria-invalid={fields[name] ? true : undefined}
                      aria-describedby={fields[name] ? `${inputId}-error` : undefined}
                      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
                      className={`${inputClass} ${border(name)} font-mono`}
                    />
                  )}
                  {fieldError(name)}
                </div>
              );
            })}
          </fieldset>
        ))}

        {media.length > 0 && (
          <div className="flex flex-col gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <label htmlFor={`${id}-body`} className="me-auto text-sm font-semibold">
                {t("tryIt.body")}
              </label>
              {media.length > 1 && (
                <select
                  aria-label={t("tryIt.contentType")}
                  value={contentType ?? ""}
                  onChange={(e) => {
                    setContentType(e.target.value);
                    setBody(exampleFor(e.target.value));
                  }}
                  className="h-8 rounded-md border border-slate-300 bg-white px-2 text-xs dark:border-slate-700 dark:bg-slate-900"
                >
                  {media.map((m) => (
                    <option key={m.contentType}>{m.contentType}</option>
                  ))}
                </select>
              )}
              {media.length === 1 && <code className="text-xs text-slate-500 dark:text-slate-400">{contentType}</code>}
              <button
                type="button"
                onClick={() => setBody(exampleFor(contentType))}
                className="text-xs font-semibold text-accent hover:underline"
              >
                {t("tryIt.resetBody")}
              </button>
            </div>
            <textarea
              id={`${id}-body`}
              data-testid="try-it-body"
              dir="ltr"
              spellCheck={false}
              rows={Math.min(16, Math.max(4, body.split("\n").length))}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              aria-invalid={fields.body ? true : undefined}
              className={`w-full rounded-md border bg-slate-50 p-2.5 font-mono text-[12.5px] focus:border-accent focus:outline-none dark:bg-slate-950 ${border("body")}`}
            />
            {fieldError("body")}
            {fieldError("contentType")}
          </div>
        )}

        <div className="flex flex-wrap items-center gap-3">
          <Button
            type="submit"
            data-testid="try-it-send"
            disabled={sending}
            size="custom"
            className="h-10 rounded-lg px-5 text-sm"
          >
            {sending ? t("tryIt.sending") : t("tryIt.send")}
          </Button>
          {error && (
            <p role="alert" data-testid="try-it-error" className="text-sm text-danger">
              {error}
            </p>
          )}
          {fieldError("path")}
        </div>
      </form>

      {result && (
        <section
          data-testid="try-it-response"
          aria-live="polite"
          aria-label={t("tryIt.response")}
          className="overflow-hidden rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
        >
          {mockReason && <TryItMockNotice reason={mockReason} signedIn={props.signedIn} />}
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-200 px-3 py-2 text-sm dark:border-slate-800">
            {mockReason && (
              <span className="rounded-md bg-amber-500/15 px-2 py-0.5 text-xs font-bold uppercase text-amber-900 dark:text-amber-200">
                {t("tryIt.mockBadge")}
              </span>
            )}
            <span
              data-testid="try-it-status"
              className={`rounded-md px-2 py-0.5 font-mono text-xs font-bold ${statusTone(result.status)}`}
            >
              {result.status} {result.statusText}
            </span>
            {/* Portico's own mock takes no network time: a "0 ms" would read as a measured call. */}
            {result.via !== "mock" && (
              <span data-testid="try-it-time" className="text-xs text-slate-500 dark:text-slate-400">
                {t("tryIt.time", { ms: result.timeMs })}
              </span>
            )}
            <span
              data-testid="try-it-via"
              data-via={result.via}
              className="ms-auto text-xs text-slate-500 dark:text-slate-400"
            >
              {t(mockReason === "apiMock" ? "tryIt.via_gatewayMock" : `tryIt.via_${result.via}`)}
            </span>
            <code dir="ltr" className="basis-full truncate text-[11px] text-slate-500 dark:text-slate-400">
              {detail.method} {result.url}
            </code>
          </div>
          <details className="border-b border-slate-200 px-3 py-2 text-xs dark:border-slate-800">
            <summary className="cursor-pointer font-semibold text-slate-600 dark:text-slate-300">
              {t("tryIt.responseHeaders", { count: result.headers.length })}
            </summary>
            <dl dir="ltr" className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 font-mono">
              {result.headers.map(([name, value]) => (
                <div key={name} className="contents">
                  <dt className="text-slate-500 dark:text-slate-400">{name}</dt>
                  <dd className="break-all">{value}</dd>
                </div>
              ))}
            </dl>
          </details>
          <pre
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling code block must be reachable by keyboard (WCAG 2.1.1)
            tabIndex={0}
            data-testid="try-it-body-out"
            dir="ltr"
            className="max-h-96 overflow-auto bg-slate-950 p-4 font-mono text-[12.5px] leading-relaxed text-slate-100"
          >
            <code>{result.body ? prettyBody(result.body, responseType) : t("tryIt.emptyBody")}</code>
          </pre>
          {result.truncated && (
            <p className="px-3 py-2 text-xs text-slate-500 dark:text-slate-400">{t("tryIt.truncated")}</p>
          )}
        </section>
      )}

      <SnippetPanel
        snippets={snippets}
        apiKey={keyState.validKey}
        reveal={keyState.reveal}
        onToggleReveal={keyState.toggleReveal}
      />
    </div>
  );
}
