/*
 * Error reporting (spec section 9: sampling 0.15 in production and staging, 0 in development), pluggable: the operator
 * names a reporter in the configuration (ERROR_REPORTER_URL: a webhook receiving one JSON document per error) and
 * the composition root wraps it in the sampling of the environment. None by default: nothing leaves the process.
 */

export type DeploymentEnvironment = "production" | "staging" | "development";

/** Spec section 9. */
export const ERROR_SAMPLE_RATES: Record<DeploymentEnvironment, number> = {
  production: 0.15,
  staging: 0.15,
  development: 0,
};

export interface ErrorReport {
  /** Where it happened: an HTTP route, a GraphQL resolver, a page render. */
  source: "http" | "graphql" | "page";
  path?: string;
  tenantId?: string;
}

export interface ErrorReporter {
  /** Never throws and never waits: reporting must not fail or slow the request that failed. */
  report(error: unknown, context: ErrorReport): void;
}

export const noErrorReporter: ErrorReporter = { report() {} };

/** Passes on a share `rate` (0..1) of the errors, chosen at random. */
export function sampledReporter(inner: ErrorReporter, rate: number, random: () => number = Math.random): ErrorReporter {
  if (rate <= 0) return noErrorReporter;
  return {
    report(error, context) {
      if (rate >= 1 || random() < rate) inner.report(error, context);
    },
  };
}
