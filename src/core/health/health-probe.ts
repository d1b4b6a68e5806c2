import { Agent, request } from "undici";
import { guardedLookup } from "../upstreams/ssrf-guard";
import type { HealthTarget } from "./health-target";

/*
 * One health probe (decision 101): a GET with a deadline and no redirects followed. The API is up when something
 * answered with a status below 500 within the deadline (401 or 404 still mean the service is there); down on 5xx,
 * timeouts and connection failures, with the reason as a code (the page words it in its language). Connections to upstreams resolve names through the
 * gateway's SSRF guard, so a name that points inside the operator's network is refused at connect time too.
 */

export interface ProbeResult {
  up: boolean;
  latencyMs: number | null;
  statusCode: number | null;
  /** A ProbeFailure code when down, else null. */
  reason: ProbeFailure | null;
}

export type ProbeTarget = Extract<HealthTarget, { kind: "probe" }>;
export type Prober = (target: ProbeTarget) => Promise<ProbeResult>;

/** A prober sharing two dispatchers (guarded and trusted) across one job run; close() when the run is over. */
export function httpProber(options: { allowPrivate: boolean; timeoutMs: number }): Prober & { close(): Promise<void> } {
  const timeouts = { headersTimeout: options.timeoutMs, bodyTimeout: options.timeoutMs };
  const guarded = new Agent({
    connect: { lookup: guardedLookup(options.allowPrivate), timeout: options.timeoutMs },
    ...timeouts,
  });
  const trusted = new Agent({ connect: { timeout: options.timeoutMs }, ...timeouts });
  const probe = async (target: ProbeTarget): Promise<ProbeResult> => {
    const started = performance.now();
    try {
      const response = await request(target.url, {
        method: "GET",
        dispatcher: target.guarded ? guarded : trusted,
        signal: AbortSignal.timeout(options.timeoutMs),
        headers: { accept: "application/json, */*;q=0.5", "user-agent": "Portico-HealthProbe/1" },
      });
      const latencyMs = Math.max(0, Math.round(performance.now() - started));
      // The body is not needed; dropping it frees the connection.
      await response.body.dump().catch(() => {});
      const up = response.statusCode < 500;
      return { up, latencyMs, statusCode: response.statusCode, reason: up ? null : "http" };
    } catch (error) {
      return { up: false, latencyMs: null, statusCode: null, reason: probeFailureOf(error) };
    }
  };
  return Object.assign(probe, {
    close: async () => {
      await Promise.all([guarded.close().catch(() => {}), trusted.close().catch(() => {})]);
    },
  });
}

/**
 * Why a probe found the API down, as a code the API page words in its language: "http" (a 5xx; the status is
 * recorded beside it), "timeout", "dns", "refused", "reset", "tls", "private-address" (the SSRF guard refused the
 * name's address at connect time) or "failed".
 */
export type ProbeFailure = "http" | "timeout" | "dns" | "refused" | "reset" | "tls" | "private-address" | "failed";

export function probeFailureOf(error: unknown): ProbeFailure {
  if (!(error instanceof Error)) return "failed";
  const code = (error as NodeJS.ErrnoException).code ?? (error.cause as NodeJS.ErrnoException | undefined)?.code ?? "";
  if (code === "EPRIVATEUPSTREAM") return "private-address";
  if (
    error.name === "TimeoutError" ||
    error.name === "AbortError" ||
    code === "UND_ERR_HEADERS_TIMEOUT" ||
    code === "UND_ERR_CONNECT_TIMEOUT"
  ) {
    return "timeout";
  }
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "dns";
  if (code === "ECONNREFUSED") return "refused";
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET") return "reset";
  if (code.startsWith("ERR_TLS") || code.includes("CERT")) return "tls";
  return "failed";
}
