import type { Db } from "../../db/connection";
import { listTenants } from "../tenants/tenants.service";
import { deleteExpiredResets, deleteExpiredSessions, deleteStaleThrottles } from "./accounts.queries";
import { deleteExpiredVerifications } from "./email-verification.queries";
import { THROTTLE_WINDOW_MS } from "./login-throttle";

/** Reset rows are kept a day past their expiry (support can still see that a link was asked for), then deleted. */
export const RESET_RETENTION_MS = 24 * 60 * 60_000;
const BATCH = 1_000;

export interface AuthPurgeReport {
  sessions: number;
  throttles: number;
  resets: number;
  verifications: number;
}

/** Deletes in batches until a batch comes back short (no long lock on a large table). */
async function drain(remove: (limit: number) => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await remove(BATCH);
    total += n;
    if (n < BATCH) return total;
  }
}

/**
 * The worker job: expired sessions (a session past expires_at is refused anyway), sign-in / sign-up / reset throttle
 * rows whose hour is over (decideAttempt ignores them), and password-reset and e-mail confirmation rows a day past
 * their expiry.
 */
export async function purgeExpiredAuthRows(db: Db, options: { now?: number } = {}): Promise<AuthPurgeReport> {
  const now = options.now ?? Date.now();
  const report: AuthPurgeReport = { sessions: 0, throttles: 0, resets: 0, verifications: 0 };
  for (const tenant of await listTenants(db)) {
    report.sessions += await drain((limit) => deleteExpiredSessions(db, tenant.id, now, limit));
    report.throttles += await drain((limit) => deleteStaleThrottles(db, tenant.id, now - THROTTLE_WINDOW_MS, limit));
    report.resets += await drain((limit) => deleteExpiredResets(db, tenant.id, now - RESET_RETENTION_MS, limit));
    report.verifications += await drain((limit) =>
      deleteExpiredVerifications(db, tenant.id, now - RESET_RETENTION_MS, limit),
    );
  }
  return report;
}
