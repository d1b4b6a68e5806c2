import { type CallRefusal, callRefusal } from "../core/subscriptions/call-access";

/*
 * The data plane's own refusals, in the shape of core's call-access rules (core/subscriptions/call-access.ts): the
 * body, the upstream and the mock, which only the gateway can see.
 */

export function bodyTooLarge(maxBytes: number): CallRefusal {
  return callRefusal("PAYLOAD_TOO_LARGE", "payload_too_large", `Request body larger than ${maxBytes} bytes`);
}

export const UPSTREAM_TIMEOUT = callRefusal(
  "UPSTREAM_TIMEOUT",
  "upstream_timeout",
  "The upstream did not answer in time",
);
export const UPSTREAM_PRIVATE = callRefusal(
  "UPSTREAM",
  "upstream_refused",
  "The upstream address is private and not allowed",
);
export const UPSTREAM_REDIRECT = callRefusal(
  "UPSTREAM",
  "upstream_refused",
  "The upstream redirected to an address that is not allowed",
);
export const UPSTREAM_UNREACHABLE = callRefusal(
  "UPSTREAM",
  "upstream_unreachable",
  "The upstream could not be reached",
);

/** The API has no usable upstream (GatewayApi.blockedReason says why). */
export function upstreamBlocked(reason: string | null): CallRefusal {
  return callRefusal("UPSTREAM", "upstream_refused", reason ?? "No upstream");
}

/** Mock mode answers documented endpoints only. */
export function noMockAnswer(method: string | undefined): CallRefusal {
  return callRefusal("NOT_FOUND", "mock", `No documented endpoint matches ${method} in mock mode`);
}

/** The gateway itself failed (a bug, or a store it depends on is down). */
export const UNAVAILABLE = callRefusal(
  "UNAVAILABLE",
  "unavailable",
  "Currently Unavailable. Please refresh the page or try again later.",
);
