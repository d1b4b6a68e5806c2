import type { CallRefusal } from "../core/subscriptions/call-access";

/*
 * The data plane's own refusals, in the shape of core's call-access rules (core/subscriptions/call-access.ts): the
 * body, the upstream and the mock, which only the gateway can see.
 */

export function bodyTooLarge(maxBytes: number): CallRefusal {
  return {
    status: 413,
    code: "PAYLOAD_TOO_LARGE",
    reason: "payload_too_large",
    message: `Request body larger than ${maxBytes} bytes`,
  };
}

export const UPSTREAM_TIMEOUT: CallRefusal = {
  status: 504,
  code: "UPSTREAM_TIMEOUT",
  reason: "upstream_timeout",
  message: "The upstream did not answer in time",
};

export const UPSTREAM_PRIVATE: CallRefusal = {
  status: 502,
  code: "UPSTREAM",
  reason: "upstream_refused",
  message: "The upstream address is private and not allowed",
};

export const UPSTREAM_REDIRECT: CallRefusal = {
  status: 502,
  code: "UPSTREAM",
  reason: "upstream_refused",
  message: "The upstream redirected to an address that is not allowed",
};

export const UPSTREAM_UNREACHABLE: CallRefusal = {
  status: 502,
  code: "UPSTREAM",
  reason: "upstream_unreachable",
  message: "The upstream could not be reached",
};

/** The API has no usable upstream (GatewayApi.blockedReason says why). */
export function upstreamBlocked(reason: string | null): CallRefusal {
  return { status: 502, code: "UPSTREAM", reason: "upstream_refused", message: reason ?? "No upstream" };
}

/** Mock mode answers documented endpoints only. */
export function noMockAnswer(method: string | undefined): CallRefusal {
  return {
    status: 404,
    code: "NOT_FOUND",
    reason: "mock",
    message: `No documented endpoint matches ${method} in mock mode`,
  };
}

/** The gateway itself failed (a bug, or a store it depends on is down). */
export const UNAVAILABLE: CallRefusal = {
  status: 503,
  code: "UNAVAILABLE",
  reason: "unavailable",
  message: "Currently Unavailable. Please refresh the page or try again later.",
};
