import { Agent, request } from "undici";
import { guardedLookup } from "../upstreams/ssrf-guard";
import type { HealthTarget } from "./health-target";

/*
 * One health probe (decision 101): a GET with a deadline and no redirects followed. The API is up when something
 * answered with a status below 500 within the deadline (401 or 404 still mean the service is there); down on 5xx,
 * timeouts and connection failures, with the reason in words. Connections to upstreams resolve names through the
 * gateway's SSRF guard, so a name that points inside the operator's network is refused at connect time too.
 */

export interface ProbeResult {
  up: boolean;
  latencyMs: number | null;
  statusCode: number | null;
  reason: string | null;
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
      return { up, latencyMs, statusCode: response.statusCode, reason: up ? null : `HTTP ${response.statusCode}` };
    } catch (error) {
      return { up: false, latencyMs: null, statusCode: null, reason: explainProbeFailure(error, options.timeoutMs) };
    }
  };
  return Object.assign(probe, {
    close: async () => {
      await Promise.all([guarded.close().catch(() => {}), trusted.close().catch(() => {})]);
    },
  });
}

export function explainProbeFailure(error: unknown, timeoutMs: number): string {
  if (!(error instanceof Error)) return "The probe failed";
  const code = (error as NodeJS.ErrnoException).code ?? (error.cause as NodeJS.ErrnoException | undefined)?.code;
  if (code === "EPRIVATEUPSTREAM") return "Refused: the host resolves to a private address";
  if (
    error.name === "TimeoutError" ||
    error.name === "AbortError" ||
    code === "UND_ERR_HEADERS_TIMEOUT" ||
    code === "UND_ERR_CONNECT_TIMEOUT"
  ) {
    return `No answer within ${timeoutMs / 1000} s`;
  }
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "The host name does not resolve";
  if (code === "ECONNREFUSED") return "Connection refused";
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET") return "Connection reset";
  if (code === "CERT_HAS_EXPIRED" || (code ?? "").startsWith("ERR_TLS") || (code ?? "").includes("CERT")) {
    return "TLS certificate not accepted";
  }
  return "Connection failed";
}
