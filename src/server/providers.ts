import path from "node:path";
import type { Config } from "../config";
import { type Providers, systemClock } from "../core/providers";
import type { Db } from "../db/connection";
import type { MailLog } from "../infra/mail/log-mail-sender";
import { mailSenderFor } from "../infra/mail/mail-senders";
import { createPaymentProcessor } from "../infra/payments/sandbox-processor";
import { searchBackendFor } from "../infra/search/search-backends";
import { createLocalStorage } from "../infra/storage/local-storage";

export type ProvidersConfig = Pick<Config, "PORTICO_DATA_DIR" | "SMTP_URL" | "MAIL_FROM">;

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
  };
}
