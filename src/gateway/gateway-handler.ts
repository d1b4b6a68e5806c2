import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { Dispatcher } from "undici";
import { looksLikeApiKey } from "../core/apps/api-key";
import type { ErrorCode } from "../core/errors/app-error";
import type { UsageReason, UsageRecord } from "../core/metering/usage.types";
import { usageJournalLine } from "../core/metering/usage-journal-line";
import { quotaText } from "../core/plans/plan-texts";
import type { CounterStore, CounterTicket, JournalEntry, LimitDecision } from "../infra/counters/counter-store";
import type { GatewayApi, GatewayDirectory, GatewayKey, GatewaySubscription } from "./gateway-directory";
import { appendLimitHeaders, CORS_HEADER_LIST, headerObject, sendError, sendPreflight } from "./gateway-responses";
import type { MeteringBuffer } from "./metering-buffer";
import { BodyTooLarge, type ExchangeHooks, type FailureKind, ProxyExchange } from "./proxy-exchange";
import { upstreamRequestHeaderList } from "./proxy-headers";
import type { UpstreamPools } from "./upstream-pools";

export interface HandlerDeps {
  directory: GatewayDirectory;
  counters: CounterStore;
  pools: UpstreamPools;
  metering: MeteringBuffer;
  maxBodyBytes: number;
  /** Total time an upstream exchange may take, headers and body (GATEWAY_RESPONSE_DEADLINE_MS). */
  responseDeadlineMs: number;
  defaultTenantId: string;
  logger: { error(obj: object, msg: string): void };
}

const TENANT_ID = /^[A-Za-z0-9_-]{1,64}$/;
const SUBSCRIPTION_REFUSALS: Record<string, { reason: UsageReason; message: string }> = {
  unsubscribed: {
    reason: "not_subscribed",
    message: "This app is not subscribed to this API: subscribe to a plan first",
  },
  pending_approval: {
    reason: "pending_approval",
    message: "This app's subscription is pending approval by the provider",
  },
  access_rejected: { reason: "access_rejected", message: "The provider rejected this app's access to the API" },
  suspended: { reason: "suspended", message: "This subscription is suspended until its past-due balance is paid" },
};
const NOT_SUBSCRIBED = "This app is not subscribed to this API: subscribe to a plan first";

/** Names the quota that refused: the plan's, or a per-endpoint object's ("2 / day of Single items"). */
function quotaExceededMessage(sub: GatewaySubscription, scope: string | null): string {
  const object = scope && scope !== "plan" ? sub.plan.objects.find((o) => o.id === scope) : undefined;
  if (object) {
    return `Quota exceeded: ${quotaText(object.quota, object.quotaPeriod)} of ${object.name} on the ${sub.plan.name} plan`;
  }
  return `Quota exceeded: ${sub.plan.quotaText} on the ${sub.plan.name} plan`;
}

let requestSeq = 0;
const requestPrefix = `${Math.random().toString(36).slice(2, 8)}-`;

type TicketState = "none" | "reserved" | "committed" | "released";

/**
 * Everything metering needs about one call, filled in as the call goes. It is itself the usage record handed to the
 * metering buffer and the billing journal (one object per call, no copy).
 */
class Call implements UsageRecord, JournalEntry {
  readonly startedAt = performance.now();
  readonly at = Date.now();
  readonly requestId = requestPrefix + (++requestSeq).toString(36);
  tenantId = "";
  apiId: string | null = null;
  endpoint: string | null = null;
  appId: string | null = null;
  keyId: string | null = null;
  planId: string | null = null;
  subscriptionId: string | null = null;
  bytesIn = 0;
  bytesOut = 0;
  ticket: CounterTicket | null = null;
  ticketState: TicketState = "none";
  recorded = false;
  billable = false;
  latencyUs = 0;
  /** Status and reason to record when the response finishes. */
  status = 0;
  reason: UsageReason = "ok";
  exchange: ProxyExchange<Call> | null = null;
  /** The client headers the gateway reads (readClientHeaders); null when absent. */
  host: string | null = null;
  apiKey: string | null = null;
  tenantHeader: string | null = null;
  contentLength: string | null = null;
  transferEncoding = false;
  /** The billing journal log holding this call's record line (decision 037); 0 until written. */
  logSeq = 0;

  /** The record as a journal line; a call still running is written with its latency so far. */
  journalLine(): string {
    if (!this.recorded) this.latencyUs = Math.round((performance.now() - this.startedAt) * 1000);
    return usageJournalLine(this);
  }
}

/**
 * The few client headers the gateway reads, in one pass over rawHeaders: `req.headers` would build an object of all
 * of them on every call. Repeated key and tenant headers are joined with ", " as node:http joins them (so they fail
 * validation as before); host and content-length keep the first (node:http drops repeats of those).
 */
function readClientHeaders(raw: readonly string[], call: Call): void {
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    switch (name.length) {
      case 4:
        if (call.host === null && name.toLowerCase() === "host") call.host = raw[i + 1] as string;
        break;
      case 9:
        if (name.toLowerCase() === "x-api-key") {
          const value = raw[i + 1] as string;
          call.apiKey = call.apiKey === null ? value : `${call.apiKey}, ${value}`;
        }
        break;
      case 11:
        if (name.toLowerCase() === "x-tenant-id") {
          const value = raw[i + 1] as string;
          call.tenantHeader = call.tenantHeader === null ? value : `${call.tenantHeader}, ${value}`;
        }
        break;
      case 14:
        if (call.contentLength === null && name.toLowerCase() === "content-length") {
          call.contentLength = raw[i + 1] as string;
        }
        break;
      case 17:
        if (name.toLowerCase() === "transfer-encoding") call.transferEncoding = true;
        break;
    }
  }
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function safeDecode(segment: string): string | null {
  if (!segment.includes("%")) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

const DOT_SEGMENT = /(^|\/)(\.|%2e){1,2}(\/|$)/i;
const ENCODED_SLASH = /%2f|%5c|\\/i;

interface Target {
  owner: string;
  slug: string;
  rest: string;
  search: string;
}

/** Splits /{owner}/{slug}/{rest}?query; null for malformed or traversal paths. */
function parseTarget(url: string): Target | null {
  const q = url.indexOf("?");
  const pathname = q < 0 ? url : url.slice(0, q);
  const search = q < 0 ? "" : url.slice(q);
  if (!pathname.startsWith("/")) return null;
  const second = pathname.indexOf("/", 1);
  if (second < 0) return null;
  const third = pathname.indexOf("/", second + 1);
  const owner = safeDecode(pathname.slice(1, second));
  const slug = safeDecode(third < 0 ? pathname.slice(second + 1) : pathname.slice(second + 1, third));
  const rest = third < 0 ? "" : pathname.slice(third);
  if (!owner || !slug) return null;
  // Dot segments (plain or encoded) could climb out of the API's base path on the upstream.
  if (
    (rest.includes(".") || rest.includes("%") || rest.includes("\\")) &&
    (DOT_SEGMENT.test(rest) || ENCODED_SLASH.test(rest))
  ) {
    return null;
  }
  return { owner, slug, rest, search };
}

function hasBody(call: Call): boolean {
  if (call.contentLength !== null) return call.contentLength !== "0";
  return call.transferEncoding;
}

/** The client's body, counted and cut at the limit (a chunked body can claim nothing up front). */
async function* limitedBody(req: IncomingMessage, call: Call, max: number): AsyncGenerator<Buffer> {
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    call.bytesIn += buffer.length;
    if (call.bytesIn > max) throw new BodyTooLarge(`Request body larger than ${max} bytes`);
    yield buffer;
  }
}

/** The gateway's request handler: key → subscription → plan limits → proxy (or mock) → meter. */
export function createGatewayHandler(deps: HandlerDeps): (req: IncomingMessage, res: ServerResponse) => void {
  const { directory, counters, pools, metering } = deps;

  function record(call: Call): void {
    if (call.recorded || !call.apiId) {
      call.recorded = true;
      return;
    }
    call.recorded = true;
    call.billable = call.ticketState === "committed";
    call.latencyUs = Math.round((performance.now() - call.startedAt) * 1000);
    call.ticket = null;
    call.exchange = null;
    call.apiKey = null;
    metering.add(call);
  }

  function release(call: Call): void {
    if (call.ticket && call.ticketState === "reserved") {
      call.ticketState = "released";
      counters.release(call.ticket);
    }
  }

  function reject(
    call: Call,
    res: ServerResponse,
    status: number,
    reason: UsageReason,
    code: ErrorCode,
    message: string,
    extra?: Record<string, string | string[]>,
  ): void {
    release(call);
    if (call.recorded) {
      sendError(res, status, code, message, extra);
      return;
    }
    call.status = status;
    call.reason = reason;
    call.bytesOut += sendError(res, status, code, message, { "x-portico-request-id": call.requestId, ...extra });
    record(call);
  }

  function clientAborted(call: Call): void {
    release(call);
    if (call.recorded) return;
    call.status = 499;
    call.reason = "client_aborted";
    record(call);
  }

  /** Makes the call billed before the client sees an answer; false when the client is already gone. */
  async function commit(call: Call, res: ServerResponse): Promise<boolean> {
    if (!call.ticket || call.ticketState !== "reserved") return false;
    if (res.destroyed) {
      release(call);
      return false;
    }
    billed(call);
    const pending = counters.commit(call.ticket, call);
    if (pending) await pending;
    return true;
  }

  /** The call is billed: its usage record goes into the journal with the billing increment (decision 037). */
  function billed(call: Call): void {
    call.ticketState = "committed";
    call.billable = true;
    metering.committed(call);
  }

  /** The proxy's side of every exchange: one object for all calls (no closures per call). */
  const hooks: ExchangeHooks<Call> = {
    commit(exchange) {
      const call = exchange.call;
      if (!call.ticket || call.ticketState !== "reserved" || exchange.res.destroyed) {
        release(call);
        return false;
      }
      call.status = exchange.status;
      call.reason = "ok";
      billed(call);
      return counters.commitWith(call.ticket, exchange, call) ? true : "pending";
    },
    started(exchange, status) {
      if (exchange.call.recorded) return;
      exchange.call.status = status;
      exchange.call.reason = "ok";
    },
    finished(exchange, bytesOut, broken) {
      const call = exchange.call;
      // The record is the call object itself: once handed to metering (e.g. as a 499), it is not changed.
      if (call.recorded) return;
      call.bytesOut += bytesOut;
      // Broken: the status went out, then the upstream broke off or ran past the response deadline (a client that
      // left was recorded as 499 already).
      if (broken) call.reason = exchange.timedOut ? "upstream_timeout" : "upstream_unreachable";
      record(call);
    },
    failed(exchange, kind) {
      failed(exchange.call, exchange.res, kind);
    },
  };

  function failed(call: Call, res: ServerResponse, kind: FailureKind): void {
    const max = deps.maxBodyBytes;
    if (kind === "client_gone") clientAborted(call);
    else if (kind === "too_large" || call.bytesIn > max) {
      reject(call, res, 413, "payload_too_large", "PAYLOAD_TOO_LARGE", `Request body larger than ${max} bytes`, {
        connection: "close",
      });
    } else if (kind === "timeout") {
      reject(call, res, 504, "upstream_timeout", "UPSTREAM_TIMEOUT", "The upstream did not answer in time");
    } else if (kind === "refused") {
      reject(call, res, 502, "upstream_refused", "UPSTREAM", "The upstream address is private and not allowed");
    } else if (kind === "redirect") {
      reject(
        call,
        res,
        502,
        "upstream_refused",
        "UPSTREAM",
        "The upstream redirected to an address that is not allowed",
      );
    } else reject(call, res, 502, "upstream_unreachable", "UPSTREAM", "The upstream could not be reached");
  }

  /*
   * A call runs through these stages. Each continues synchronously when its lookup is answered from memory (the hot
   * path: no async function, no promise per call) and after the lookup's promise otherwise (cache miss, Redis lease).
   */
  function handle(req: IncomingMessage, res: ServerResponse, call: Call): void | Promise<void> {
    const target = parseTarget(req.url ?? "/");
    if (!target) {
      sendError(res, 404, "NOT_FOUND", "Call APIs at /{owner}/{api-slug}/{path}");
      return;
    }
    readClientHeaders(req.rawHeaders, call);
    const tenantId = (call.tenantHeader === null ? "" : call.tenantHeader.trim()) || deps.defaultTenantId;
    if (!TENANT_ID.test(tenantId)) {
      sendError(res, 400, "BAD_REQUEST", "Invalid tenant id");
      return;
    }
    call.tenantId = tenantId;
    const api = directory.api(tenantId, target.owner, target.slug);
    if (api instanceof Promise) return api.then((found) => withApi(req, res, call, target, found));
    return withApi(req, res, call, target, api);
  }

  function withApi(
    req: IncomingMessage,
    res: ServerResponse,
    call: Call,
    target: Target,
    api: GatewayApi | null,
  ): void | Promise<void> {
    if (!api) {
      sendError(res, 404, "NOT_FOUND", `No API at /${target.owner}/${target.slug}`);
      return;
    }
    call.apiId = api.apiId;
    call.endpoint = api.matcher.match(req.method ?? "GET", target.rest);

    const secret = call.apiKey?.trim();
    if (!secret) {
      return reject(call, res, 401, "no_key", "UNAUTHENTICATED", "Missing API key: send it in the X-Api-Key header");
    }
    if (!looksLikeApiKey(secret)) return reject(call, res, 401, "invalid_key", "UNAUTHENTICATED", "Invalid API key");
    const key = directory.key(call.tenantId, secret);
    if (key instanceof Promise) return key.then((found) => withKey(req, res, call, target, api, found));
    return withKey(req, res, call, target, api, key);
  }

  function withKey(
    req: IncomingMessage,
    res: ServerResponse,
    call: Call,
    target: Target,
    api: GatewayApi,
    key: GatewayKey | null,
  ): void | Promise<void> {
    if (!key) return reject(call, res, 401, "invalid_key", "UNAUTHENTICATED", "Invalid API key");
    call.keyId = key.keyId;
    call.appId = key.appId;
    if (key.revokedAt !== null) {
      return reject(call, res, 401, "invalid_key", "UNAUTHENTICATED", "This API key was revoked");
    }
    if (key.expiresAt !== null && key.expiresAt <= Date.now()) {
      return reject(
        call,
        res,
        401,
        "invalid_key",
        "UNAUTHENTICATED",
        "This API key expired after a rotation: use the new key",
      );
    }
    const sub = directory.subscription(call.tenantId, key.appId, api.apiId);
    if (sub instanceof Promise) return sub.then((found) => withSubscription(req, res, call, target, api, key, found));
    return withSubscription(req, res, call, target, api, key, sub);
  }

  function withSubscription(
    req: IncomingMessage,
    res: ServerResponse,
    call: Call,
    target: Target,
    api: GatewayApi,
    key: GatewayKey,
    sub: GatewaySubscription | null,
  ): void | Promise<void> {
    if (!sub) return reject(call, res, 403, "not_subscribed", "FORBIDDEN", NOT_SUBSCRIBED);
    call.subscriptionId = sub.id;
    call.planId = sub.plan.id;
    const refusal = SUBSCRIPTION_REFUSALS[sub.status];
    if (refusal) return reject(call, res, 403, refusal.reason, "FORBIDDEN", refusal.message);

    const length = call.contentLength;
    if (length !== null && Number(length) > deps.maxBodyBytes) {
      return reject(
        call,
        res,
        413,
        "payload_too_large",
        "PAYLOAD_TOO_LARGE",
        `Request body larger than ${deps.maxBodyBytes} bytes`,
        { connection: "close" },
      );
    }

    const decided = counters.decide(sub.limitRequest(call.endpoint));
    if (decided instanceof Promise) {
      return decided.then((decision) => withDecision(req, res, call, target, api, key, sub, decision));
    }
    return withDecision(req, res, call, target, api, key, sub, decided);
  }

  function withDecision(
    req: IncomingMessage,
    res: ServerResponse,
    call: Call,
    target: Target,
    api: GatewayApi,
    key: GatewayKey,
    sub: GatewaySubscription,
    decision: LimitDecision,
  ): void | Promise<void> {
    const answerHeaders: string[] = [...CORS_HEADER_LIST, "x-portico-request-id", call.requestId];
    appendLimitHeaders(decision, answerHeaders);
    if (!decision.admitted || !decision.ticket) {
      const extra = headerObject(answerHeaders);
      extra["retry-after"] = String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000)));
      const quota = decision.reason === "quota_exceeded";
      return reject(
        call,
        res,
        429,
        quota ? "quota_exceeded" : "rate_limited",
        "RATE_LIMITED",
        quota ? quotaExceededMessage(sub, decision.refusedScope) : `Rate limit exceeded: ${sub.plan.rateLimitText}`,
        extra,
      );
    }
    call.ticket = decision.ticket;
    call.ticketState = "reserved";
    if (res.destroyed) return clientAborted(call);

    if (api.mode === "mock") return answerFromMock(req, res, call, api, answerHeaders);
    if (!api.upstream)
      return reject(call, res, 502, "upstream_refused", "UPSTREAM", api.blockedReason ?? "No upstream");
    proxy(req, res, call, api, sub, key, target, answerHeaders);
  }

  async function answerFromMock(
    req: IncomingMessage,
    res: ServerResponse,
    call: Call,
    api: GatewayApi,
    answerHeaders: string[],
  ): Promise<void> {
    const lookup = directory.mockResponses(api);
    const mocks = lookup instanceof Promise ? await lookup : lookup;
    const mock = call.endpoint ? mocks.get(call.endpoint) : undefined;
    req.resume();
    if (!mock) {
      return reject(call, res, 404, "mock", "NOT_FOUND", `No documented endpoint matches ${req.method} in mock mode`);
    }
    const body = req.method === "HEAD" ? "" : mock.body;
    const size = Buffer.byteLength(body);
    // Set before the commit: the journal writes the record with the billing increment.
    call.status = mock.status;
    call.reason = "mock";
    call.bytesOut += size;
    if (!(await commit(call, res))) {
      call.bytesOut -= size;
      return clientAborted(call);
    }
    answerHeaders.push("content-type", mock.contentType, "content-length", String(size), "x-portico-mock", "true");
    res.writeHead(mock.status, answerHeaders);
    res.end(body);
    // An answered call is metered whoever answered it, the mock as the upstream (issue 11).
    record(call);
  }

  function onClientClose(call: Call, res: ServerResponse): void {
    if (res.writableFinished) return;
    const exchange = call.exchange;
    if (call.ticketState === "committed" && !call.recorded) {
      call.status = 499;
      call.reason = "client_aborted";
      record(call);
    }
    exchange?.clientGone();
  }

  function proxy(
    req: IncomingMessage,
    res: ServerResponse,
    call: Call,
    api: GatewayApi,
    sub: GatewaySubscription,
    key: GatewayKey,
    target: Target,
    answerHeaders: string[],
  ): void {
    const upstream = api.upstream;
    if (!upstream) return;
    const exchange = new ProxyExchange(call, res, upstream.origin, answerHeaders, hooks);
    call.exchange = exchange;
    res.once("close", () => onClientClose(call, res));
    const requestHeaders = upstreamRequestHeaderList(req.rawHeaders, {
      tenantId: call.tenantId,
      appId: key.appId,
      keyId: key.keyId,
      userId: key.userId,
      subscriptionId: sub.id,
      planId: sub.plan.id,
      planNameHeader: sub.planNameHeader,
      requestId: call.requestId,
      clientIp: req.socket.remoteAddress ?? "",
      host: call.host ?? "",
      proto: "http",
    });
    pools.get(upstream.origin, upstream.trusted).dispatch(
      {
        path: upstream.basePath + (target.rest || "/") + target.search,
        method: (req.method ?? "GET") as Dispatcher.HttpMethod,
        headers: requestHeaders,
        body: hasBody(call) ? Readable.from(limitedBody(req, call, deps.maxBodyBytes)) : null,
      },
      exchange,
    );
    exchange.startDeadline(deps.responseDeadlineMs);
  }

  function onError(call: Call, res: ServerResponse, error: unknown): void {
    deps.logger.error({ err: error }, "gateway call failed");
    release(call);
    if (!res.headersSent && !res.destroyed) {
      call.status = 503;
      call.reason = "unavailable";
      sendError(res, 503, "UNAVAILABLE", "Currently Unavailable. Please refresh the page or try again later.");
    } else {
      res.destroy();
    }
    record(call);
  }

  function ignore(): void {}

  return (req, res) => {
    req.on("error", ignore);
    res.on("error", ignore);
    if (req.method === "OPTIONS" && req.headers["access-control-request-method"]) {
      sendPreflight(res, first(req.headers["access-control-request-headers"]));
      return;
    }
    if (req.url === "/healthz") {
      sendError(res, 200, "OK", "ok");
      return;
    }
    const call = new Call();
    let pending: void | Promise<void>;
    try {
      pending = handle(req, res, call);
    } catch (error) {
      onError(call, res, error);
      return;
    }
    if (pending) pending.catch((error: unknown) => onError(call, res, error));
  };
}
