import { newId } from "../../common/ids";
import type { Db } from "../../db/connection";
import { inTransaction } from "../../db/executor";
import { insertOutboxMail } from "../accounts/mail-outbox.queries";
import { listTenants } from "../tenants/tenants.service";
import {
  claimDigest,
  markDigestSent,
  selectDigestRows,
  selectSettings,
  selectUsersMail,
  selectUsersWithDigestDue,
} from "./notification-events.queries";

/** One digest a day per user who chose it (decision 085). */
export const DIGEST_INTERVAL_MS = 24 * 60 * 60 * 1000;
const MAX_ITEMS = 50;
const USERS_PER_RUN = 200;

export interface DigestReport {
  mailed: number;
  notifications: number;
}

/**
 * The worker job: for every user with notifications waiting for their e-mail digest, one outbox mail listing them,
 * at most once per DIGEST_INTERVAL_MS (a user who turned the digest off gets the waiting ones at once). The digest
 * slot is claimed by compare-and-swap and the rows marked in the same transaction as the mail, so two workers
 * running the sweep at once send it once.
 */
export async function sendNotificationDigests(db: Db, options: { now?: () => number } = {}): Promise<DigestReport> {
  const now = options.now ?? Date.now;
  const report: DigestReport = { mailed: 0, notifications: 0 };
  for (const tenant of await listTenants(db)) {
    for (const { user_id: userId } of await selectUsersWithDigestDue(db, tenant.id, USERS_PER_RUN)) {
      const at = now();
      const settings = await selectSettings(db, tenant.id, userId);
      const wantsDigest = settings?.email_digest === 1;
      const last =
        settings?.last_digest_at === null || settings?.last_digest_at === undefined
          ? null
          : Number(settings.last_digest_at);
      if (wantsDigest && last !== null && at - last < DIGEST_INTERVAL_MS) continue;
      const sent = await inTransaction(db, async (trx) => {
        if (settings && !(await claimDigest(trx, tenant.id, userId, last, at))) return 0;
        const rows = await selectDigestRows(trx, tenant.id, userId, MAX_ITEMS);
        const [user] = await selectUsersMail(trx, tenant.id, [userId]);
        const marked = await markDigestSent(
          trx,
          tenant.id,
          userId,
          rows.map((r) => r.id),
        );
        if (marked === 0 || !user?.email) return 0;
        const lines = rows.map((r) => `- ${r.title}${r.cta_url ? ` (${r.cta_url})` : ""}`);
        await insertOutboxMail(trx, tenant.id, {
          id: newId("mail"),
          to: user.email,
          subject: `Your notifications digest (${rows.length})`,
          body: [`Since your last digest:`, ...lines].join("\n"),
          kind: "notification:digest",
          createdAt: at,
        });
        return marked;
      });
      if (sent > 0) {
        report.mailed++;
        report.notifications += sent;
      }
    }
  }
  return report;
}
