import type { ErrorReport, ErrorReporter } from "../../core/errors/error-reporter";

/**
 * An error reporter that POSTs one JSON document per error to the operator's endpoint (ERROR_REPORTER_URL): any
 * collector that accepts a webhook. Fire and forget, with a short timeout; a failing endpoint is ignored.
 */
export function webhookErrorReporter(url: string, environment: string): ErrorReporter {
  return {
    report(error: unknown, context: ErrorReport) {
      const err = error instanceof Error ? error : new Error(String(error));
      const body = JSON.stringify({
        environment,
        at: new Date().toISOString(),
        name: err.name,
        message: err.message,
        stack: err.stack?.split("\n").slice(0, 20).join("\n"),
        ...context,
      });
      fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
        signal: AbortSignal.timeout(5_000),
      }).catch(() => {});
    },
  };
}
