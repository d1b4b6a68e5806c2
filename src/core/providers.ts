/*
 * The providers core works with, as interfaces core owns: src/infra implements them, the composition root
 * (src/server/providers.ts) builds them once from the config, and they reach use cases through the request context,
 * the GraphQL context and the worker's job context. Tests swap them there (tests/providers.ts).
 * See docs/decisions/070-core-boundary.md.
 */

import type { MailSender } from "./accounts/mail-sender";
import type { FileStorage } from "./content/file-storage";
import type { PaymentProcessor } from "./payments/payment-processor";
import type { SearchBackend } from "./search/search-backend";

/** Where "now" comes from, so tests can drive billing runs and expiries with a fake one. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export interface Providers {
  /** The card processor (the sandbox in embedded mode). */
  payments: PaymentProcessor;
  /** Uploaded files (spotlight files). */
  storage: FileStorage;
  /** The full-text engine of the database: SQLite FTS5 or PostgreSQL full text. */
  search: SearchBackend;
  /** Delivers the mail outbox (the worker's delivery job); use cases only write to the outbox. */
  mail: MailSender;
  clock: Clock;
}
