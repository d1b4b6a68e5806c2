import type { CallRefusal } from "../core/subscriptions/call-access";
import type { GatewayCall, HandlerDeps } from "./gateway-call";
import {
  bodyTooLarge,
  UNAVAILABLE,
  UPSTREAM_PRIVATE,
  UPSTREAM_REDIRECT,
  UPSTREAM_TIMEOUT,
  UPSTREAM_UNREACHABLE,
} from "./gateway-refusals";
import { sendError } from "./gateway-responses";
import type { ExchangeHooks, FailureKind } from "./proxy-exchange";

/*
 * How a call ends: billed before its answer (commitBilling), refused, aborted by the client or failed, and in every
 * case recorded once (recordUsage). A call that reached no API (bad path, unknown API) is answered without a record.
 */

/** Hands the call's record to metering, once; the call then holds no reservation or exchange (late events no-op). */
export function recordUsage(call: GatewayCall, gateway: HandlerDeps): void {
  const record = call.record;
  if (record.recorded || !record.apiId) {
    record.recorded = true;
    return;
  }
  record.recorded = true;
  record.billable = call.ticketState === "committed";
  record.latencyUs = Math.round((performance.now() - record.startedAt) * 1000);
  call.ticket = null;
  call.exchange = null;
  call.apiKey = null;
  gateway.metering.add(record);
}

/** Hands back a reservation the call did not use (it was never answered). */
export function releaseReservation(call: GatewayCall, gateway: HandlerDeps): void {
  if (call.ticket && call.ticketState === "reserved") {
    call.ticketState = "released";
    gateway.counters.release(call.ticket);
  }
}

/** Answers the call with a refusal (and records it, unless it was recorded already); false: the call goes no further. */
export function refuse(
  call: GatewayCall,
  gateway: HandlerDeps,
  refusal: CallRefusal,
  extra?: Record<string, string | string[]>,
): false {
  releaseReservation(call, gateway);
  const { status, code, message } = refusal;
  if (call.record.recorded) {
    sendError(call.res, code, message, extra);
    return false;
  }
  call.record.status = status;
  call.record.reason = refusal.reason;
  call.record.bytesOut += sendError(call.res, code, message, {
    "x-portico-request-id": call.record.requestId,
    ...extra,
  });
  recordUsage(call, gateway);
  return false;
}

/** The client left before its answer: recorded as 499, its reservation handed back. */
export function clientAborted(call: GatewayCall, gateway: HandlerDeps): void {
  releaseReservation(call, gateway);
  if (call.record.recorded) return;
  call.record.status = 499;
  call.record.reason = "client_aborted";
  recordUsage(call, gateway);
}

/** The call is billed: its usage record goes into the journal with the billing increment (decision 037). */
function markBilled(call: GatewayCall, gateway: HandlerDeps): void {
  call.ticketState = "committed";
  call.record.billable = true;
  gateway.metering.committed(call.record);
}

/**
 * Makes the call billed before the client sees an answer (the mock's; the proxy commits through its hooks); false
 * when the client is already gone (the reservation is handed back) or the call holds none.
 */
export async function commitBilling(call: GatewayCall, gateway: HandlerDeps): Promise<boolean> {
  if (!call.ticket || call.ticketState !== "reserved") return false;
  if (call.res.destroyed) {
    releaseReservation(call, gateway);
    return false;
  }
  markBilled(call, gateway);
  const pending = gateway.counters.commit(call.ticket, call.record);
  if (pending) await pending;
  return true;
}

/** The upstream failed before anything reached the client: the gateway answers for it. */
function answerFailure(call: GatewayCall, gateway: HandlerDeps, kind: FailureKind): void {
  const max = gateway.maxBodyBytes;
  if (kind === "client_gone") clientAborted(call, gateway);
  else if (kind === "too_large" || call.record.bytesIn > max) {
    refuse(call, gateway, bodyTooLarge(max), { connection: "close" });
  } else if (kind === "timeout") refuse(call, gateway, UPSTREAM_TIMEOUT);
  else if (kind === "refused") refuse(call, gateway, UPSTREAM_PRIVATE);
  else if (kind === "redirect") refuse(call, gateway, UPSTREAM_REDIRECT);
  else refuse(call, gateway, UPSTREAM_UNREACHABLE);
}

/** The proxy's side of every exchange: one object for all calls (no closures per call). */
export function exchangeHooks(gateway: HandlerDeps): ExchangeHooks<GatewayCall> {
  return {
    commit(exchange) {
      const call = exchange.call;
      if (!call.ticket || call.ticketState !== "reserved" || exchange.res.destroyed) {
        releaseReservation(call, gateway);
        return false;
      }
      call.record.status = exchange.status;
      call.record.reason = "ok";
      markBilled(call, gateway);
      return gateway.counters.commitWith(call.ticket, exchange, call.record) ? true : "pending";
    },
    started(exchange, status) {
      const record = exchange.call.record;
      if (record.recorded) return;
      record.status = status;
      record.reason = "ok";
    },
    finished(exchange, bytesOut, broken) {
      const call = exchange.call;
      // The record is final once handed to metering (e.g. as a 499): it is not changed.
      if (call.record.recorded) return;
      call.record.bytesOut += bytesOut;
      // Broken: the status went out, then the upstream broke off or ran past the response deadline (a client that
      // left was recorded as 499 already).
      if (broken) call.record.reason = exchange.timedOut ? "upstream_timeout" : "upstream_unreachable";
      recordUsage(call, gateway);
    },
    failed(exchange, kind) {
      answerFailure(exchange.call, gateway, kind);
    },
  };
}

/** The client's connection closed: a billed call not yet answered in full is recorded as 499, the exchange told. */
export function onClientClose(call: GatewayCall, gateway: HandlerDeps): void {
  if (call.res.writableFinished) return;
  const exchange = call.exchange;
  if (call.ticketState === "committed" && !call.record.recorded) {
    call.record.status = 499;
    call.record.reason = "client_aborted";
    recordUsage(call, gateway);
  }
  exchange?.clientGone();
}

/** A stage threw (or its lookup failed): 503 if nothing was sent yet, else the connection is cut; recorded. */
export function failUnexpectedly(call: GatewayCall, gateway: HandlerDeps, error: unknown): void {
  gateway.logger.error({ err: error }, "gateway call failed");
  releaseReservation(call, gateway);
  const res = call.res;
  if (!res.headersSent && !res.destroyed) {
    call.record.status = UNAVAILABLE.status;
    call.record.reason = UNAVAILABLE.reason;
    sendError(res, UNAVAILABLE.code, UNAVAILABLE.message);
  } else {
    res.destroy();
  }
  recordUsage(call, gateway);
}
