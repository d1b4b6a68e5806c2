import { AppError } from "../errors/app-error";
import type { UseCaseContext } from "../use-case-context";
import { consumerScope, providerScope } from "./analytics.service";
import { type RangeInput, resolveRange } from "./analytics-range";
import { type LogRow, selectLogRows } from "./request-log.queries";

export type { LogRow };

/*
 * The request log (spec: providers "view analytics (... logs)"): a provider searches the calls to the APIs they
 * manage, a consumer those of their own apps. Filters are checked here; an unknown one is a BAD_REQUEST.
 */

export const LOG_PAGE_SIZE = 50;

export interface LogSearchInput {
  audience: "provider" | "consumer";
  apiId?: string | null;
  appId?: string | null;
  /** "2xx".."5xx" or a status code. */
  status?: string | null;
  endpoint?: string | null;
  requestId?: string | null;
  range: RangeInput;
  /** Epoch ms: the next page starts below it. */
  before?: number | null;
}

export interface LogPage {
  rows: LogRow[];
  /** The `before` of the next page, null on the last. */
  nextBefore: number | null;
  from: number;
  to: number;
}

/** A status filter as [min, max); null for none. */
export function parseStatusFilter(value: string | null | undefined): { min: number; max: number } | null {
  const v = (value ?? "").trim().toLowerCase();
  if (v === "") return null;
  const cls = /^([1-5])xx$/.exec(v);
  if (cls) {
    const base = Number(cls[1]) * 100;
    return { min: base, max: base + 100 };
  }
  if (/^[1-5][0-9]{2}$/.test(v)) return { min: Number(v), max: Number(v) + 1 };
  throw new AppError("BAD_REQUEST", "Unknown status filter: use 2xx, 3xx, 4xx, 5xx or a status code such as 404");
}

function text(value: string | null | undefined, max: number, what: string): string | null {
  const v = (value ?? "").trim();
  if (v === "") return null;
  if (v.length > max) throw new AppError("BAD_REQUEST", `The ${what} filter is too long (at most ${max} characters)`);
  return v;
}

export async function searchRequestLog(ctx: UseCaseContext, input: LogSearchInput, now = Date.now()): Promise<LogPage> {
  const { db, tenantId } = ctx;
  if (input.audience !== "provider" && input.audience !== "consumer") {
    throw new AppError("BAD_REQUEST", "Unknown audience: use provider or consumer");
  }
  const status = parseStatusFilter(input.status);
  const endpoint = text(input.endpoint, 300, "endpoint");
  const requestId = text(input.requestId, 100, "request id");
  const appFilter = text(input.appId, 100, "app");
  const range = resolveRange(input.range, now);
  let scope: Awaited<ReturnType<typeof providerScope>>["scope"];
  if (input.audience === "consumer") {
    if (!appFilter) throw new AppError("BAD_REQUEST", "Choose one of your apps");
    scope = (await consumerScope(ctx, appFilter, input.apiId ?? null)).scope;
  } else {
    // A provider may narrow to an app: only that app's calls to the provider's own APIs are read.
    const provider = await providerScope(ctx, input.apiId ?? null);
    scope = { apiIds: provider.scope.apiIds, appIds: appFilter ? [appFilter] : null };
  }
  if (scope.apiIds?.length === 0) return { rows: [], nextBefore: null, from: range.from, to: range.to };
  const before = typeof input.before === "number" && Number.isFinite(input.before) ? input.before : null;
  const rows = await selectLogRows(
    db,
    tenantId,
    scope,
    { from: range.from, to: range.to, status, endpoint, requestId, before },
    LOG_PAGE_SIZE + 1,
  );
  const more = rows.length > LOG_PAGE_SIZE;
  const page = rows.slice(0, LOG_PAGE_SIZE);
  return { rows: page, nextBefore: more ? (page.at(-1)?.at ?? null) : null, from: range.from, to: range.to };
}

/** One call of the log, by its request id and time (as the list links to it). */
export async function getRequestLogEntry(
  ctx: UseCaseContext,
  input: { audience: "provider" | "consumer"; requestId: string; at: number; appId?: string | null },
  now = Date.now(),
): Promise<LogRow> {
  if (!Number.isFinite(input.at) || input.at > now) throw new AppError("BAD_REQUEST", "Unknown request time");
  const page = await searchRequestLog(
    ctx,
    {
      audience: input.audience,
      appId: input.appId ?? null,
      requestId: input.requestId,
      range: { preset: "custom", from: input.at, to: input.at + 1 },
    },
    now,
  );
  const row = page.rows.find((r) => r.at === input.at && r.requestId === input.requestId);
  if (!row) throw new AppError("NOT_FOUND", "Request not found");
  return row;
}
