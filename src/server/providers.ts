import path from "node:path";
import type { Config } from "../config";
import {
  ERROR_SAMPLE_RATES,
  type ErrorReporter,
  noErrorReporter,
  sampledReporter,
} from "../core/errors/error-reporter";
import { type Providers, systemClock } from "../core/providers";
import type { Db } from "../db/connection";
import { webhookErrorReporter } from "../infra/errors/webhook-reporter";
import type { MailLog } from "../infra/mail/log-mail-sender";
import { mailSenderFor } from "../infra/mail/mail-senders";
import { createPaymentProcessor } from "../infra/payments/sandbox-processor";
import { searchBackendFor } from "../infra/search/search-backends";
import { createLocalStorage } from "../infra/storage/local-storage";

export type ProvidersConfig = Pick<Config, "PORTICO_DATA_DIR" | "SMTP_URL" | "MAIL_FROM"> &
  Partial<Pick<Config, "NODE_ENV" | "PORTICO_ENVIRONMENT" | "ERROR_REPORTER_URL">>;

/** The deployment environment: PORTICO_ENVIRONMENT, else development under NODE_ENV=development, else production. */
export function deploymentEnvironment(config: Partial<Pick<Config, "NODE_ENV" | "PORTICO_ENVIRONMENT">>) {
  return config.PORTICO_ENVIRONMENT ?? (config.NODE_ENV === "development" ? "development" : "production");
}

function errorReporterFor(config: ProvidersConfig): ErrorReporter {
  if (!config.ERROR_REPORTER_URL) return noErrorReporter;
  const environment = deploymentEnvironment(config);
  return sampledReporter(webhookErrorReporter(config.ERROR_REPORTER_URL, environment), ERROR_SAMPLE_RATES[environment]);
}

/**
 * The one place that picks the implementation of every provider core uses (docs/decisions/070-core-boundary.md):
 * called once per process by the composition root (main.ts), and by tests through tests/providers.ts.
 */
export function buildProviders(deps: { config: ProvidersConfig; db: Db; log: MailLog }): Providers {
  const clock = systemClock;
  return {
    payments: createPaymentProcessor(deps.db, { now: () => clock.now() }),
    storage: createLocalStorage(path.join(deps.config.PORTICO_DATA_DIR, "uploads")),
    search: searchBackendFor(deps.db),
    mail: mailSenderFor(deps.config, deps.log),
    clock,
    errors: errorReporterFor(deps.config),
  };
}
