import type { UsageReason, UsageRecord } from "../core/metering/usage.types";
import { usageJournalLine } from "../core/metering/usage-journal-line";
import type { CounterStore, CounterTicket, JournalEntry } from "../infra/counters/counter-store";
import type { CallRequest, CallResponse } from "./call-io";
import type { CallTarget } from "./call-target";
import type { GatewayApi, GatewayDirectory, GatewayKey, GatewaySubscription } from "./gateway-directory";
import type { MeteringBuffer } from "./metering-buffer";
import type { ExchangeHooks, ProxyExchange } from "./proxy-exchange";
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

/** What the stages of a call use: the handler's dependencies and the proxy's hooks (one object for all calls). */
export interface Gateway extends HandlerDeps {
  hooks: ExchangeHooks<GatewayCall>;
}

/**
 * What a stage answers: true to go on to the next stage, false when the stage answered the call itself (refused it,
 * answered from the mock, or handed it to the proxy), or a promise of either when it had to wait for a lookup.
 */
export type Continue = boolean | Promise<boolean>;

/** One stage of the call pipeline (gateway-handler.ts lists them in order). */
export type Stage = (call: GatewayCall, gateway: Gateway) => Continue;

/** What an earlier stage resolved; a stage running before it is a bug (the handler answers 503 and logs it). */
export function resolved<T>(value: T | null, what: string): T {
  if (value === null) throw new Error(`gateway stage needs the call's ${what}, which no earlier stage resolved`);
  return value;
}

/**
 * What the MCP endpoint established for the HTTP request that carries a tools/call (decision 152): the tenant and the
 * key's row, checked with core's rules when the request arrived, and for a one-API session the API and the key's
 * subscription to it, looked up for that same request. The call's stages take these instead of looking them up again;
 * every rule still runs on them (gateway-handler.ts, runGrantedCall).
 */
export class CallGrant {
  constructor(
    readonly tenantId: string,
    readonly key: GatewayKey,
    readonly route: { owner: string; slug: string; api: GatewayApi; subscription: GatewaySubscription } | null,
  ) {}
}

let requestSeq = 0;
const requestPrefix = `${Math.random().toString(36).slice(2, 8)}-`;

/**
 * A call's usage record, filled in as the call goes. It is itself the record handed to the metering buffer and the
 * billing journal (no copy), and holds nothing else: metering keeps it until its flush.
 */
export class CallRecord implements UsageRecord, JournalEntry {
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
  /** Handed to metering: the record is final. */
  recorded = false;
  billable = false;
  latencyUs = 0;
  /** Status and reason to record when the response finishes. */
  status = 0;
  reason: UsageReason = "ok";
  /** The billing journal log holding this call's record line (decision 037); 0 until written. */
  logSeq = 0;

  /** The record as a journal line; a call still running is written with its latency so far. */
  journalLine(): string {
    if (!this.recorded) this.latencyUs = Math.round((performance.now() - this.startedAt) * 1000);
    return usageJournalLine(this);
  }
}

/** Where the call's counter reservation stands: none yet, held, billed, or handed back. */
export type TicketState = "none" | "reserved" | "committed" | "released";

/** One call through the gateway: the request, what the stages resolved for it, its counter lease and its record. */
export class GatewayCall {
  readonly record = new CallRecord();
  /** The client headers the gateway reads (readClientHeaders); null when absent. */
  host: string | null = null;
  apiKey: string | null = null;
  tenantHeader: string | null = null;
  contentLength: string | null = null;
  transferEncoding = false;
  /** Resolved by the stages, in this order. */
  target: CallTarget | null = null;
  api: GatewayApi | null = null;
  key: GatewayKey | null = null;
  subscription: GatewaySubscription | null = null;
  /** The counters' reservation while the call runs. */
  ticket: CounterTicket | null = null;
  ticketState: TicketState = "none";
  /** The answer's headers so far (CORS, request id, limits), once the limits admitted the call. */
  answerHeaders: string[] | null = null;
  exchange: ProxyExchange<GatewayCall> | null = null;

  constructor(
    readonly req: CallRequest,
    readonly res: CallResponse,
  ) {}
}

/**
 * The few client headers the gateway reads, in one pass over rawHeaders: `req.headers` would build an object of all
 * of them on every call. Repeated key and tenant headers are joined with ", " as node:http joins them (so they fail
 * validation as before); host and content-length keep the first (node:http drops repeats of those).
 */
export function readClientHeaders(call: GatewayCall): void {
  const raw = call.req.rawHeaders;
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
