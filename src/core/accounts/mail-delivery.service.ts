import type { Db } from "../../db/connection";
import { listTenants } from "../tenants/tenants.service";
import { claimMail, markMailFailed, markMailSent, selectDueMail } from "./mail-outbox.queries";
import { type MailSender, PermanentMailError } from "./mail-sender";

/** Attempts before a mail is given up (about 4 hours of retries with the delays below). */
export const MAIL_MAX_ATTEMPTS = 8;
/** How long a sender holds a claimed mail: another instance may retry it after this if the first one died. */
export const MAIL_CLAIM_MS = 5 * 60_000;
const RETRY_BASE_MS = 60_000;
const RETRY_MAX_MS = 2 * 60 * 60_000;

/** Wait before attempt n + 1 after n failed ones: 1, 2, 4 ... minutes, at most 2 hours. */
export function mailRetryDelayMs(failedAttempts: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, failedAttempts - 1));
}

export interface MailDeliveryReport {
  sent: number;
  retried: number;
  failed: number;
}

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * The worker job: every tenant's due outbox mails, up to `batch` per tenant per run, claimed one by one (several
 * instances may run it at once; each mail goes to the sender once per attempt), sent, and marked sent, retried later,
 * or failed after MAIL_MAX_ATTEMPTS or a permanent refusal.
 */
export async function deliverPendingMail(
  db: Db,
  sender: MailSender,
  options: { now?: () => number; batch?: number } = {},
): Promise<MailDeliveryReport> {
  const now = options.now ?? Date.now;
  const batch = options.batch ?? 50;
  const report: MailDeliveryReport = { sent: 0, retried: 0, failed: 0 };
  for (const tenant of await listTenants(db)) {
    for (const mail of await selectDueMail(db, tenant.id, now(), batch)) {
      const claimedAt = now();
      if (!(await claimMail(db, tenant.id, mail.id, claimedAt, claimedAt + MAIL_CLAIM_MS))) continue;
      try {
        await sender.send({
          id: mail.id,
          tenantId: tenant.id,
          to: mail.to_address,
          subject: mail.subject,
          text: mail.body_text,
          kind: mail.kind,
        });
        await markMailSent(db, tenant.id, mail.id, now());
        report.sent++;
      } catch (error) {
        const attempts = mail.attempts + 1;
        const giveUp = error instanceof PermanentMailError || attempts >= MAIL_MAX_ATTEMPTS;
        const at = now();
        await markMailFailed(
          db,
          tenant.id,
          mail.id,
          at,
          errorText(error),
          giveUp ? null : at + mailRetryDelayMs(attempts),
        );
        if (giveUp) report.failed++;
        else report.retried++;
      }
    }
  }
  return report;
}
