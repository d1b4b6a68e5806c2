import type { DbOrTrx } from "../../db/connection";
import { kyselyOf } from "../../db/executor";

/* SQL of the mail outbox: what use cases write to it, and what the worker's delivery job claims and marks. */

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  body: string;
  kind: string;
  createdAt: number;
}

/** A mail row as the worker's delivery job reads it. */
export interface PendingMail {
  id: string;
  to_address: string;
  subject: string;
  body_text: string;
  kind: string;
  attempts: number;
}

export async function insertOutboxMail(db: DbOrTrx, tenantId: string, mail: OutboxMail): Promise<void> {
  await kyselyOf(db)
    .insertInto("mail_outbox")
    .values({
      id: mail.id,
      tenant_id: tenantId,
      to_address: mail.to,
      subject: mail.subject,
      body_text: mail.body,
      kind: mail.kind,
      created_at: mail.createdAt,
      sent_at: null,
    })
    .execute();
}

export async function selectOutboxFor(db: DbOrTrx, tenantId: string, to: string) {
  return kyselyOf(db)
    .selectFrom("mail_outbox")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("to_address", "=", to)
    .orderBy("created_at", "asc")
    .execute();
}

/** Mails due for (another) delivery attempt, oldest first: not sent, not given up, retry time passed. */
export async function selectDueMail(db: DbOrTrx, tenantId: string, now: number, limit: number): Promise<PendingMail[]> {
  const rows = await kyselyOf(db)
    .selectFrom("mail_outbox")
    .select(["id", "to_address", "subject", "body_text", "kind", "attempts"])
    .where("tenant_id", "=", tenantId)
    .where("sent_at", "is", null)
    .where("failed_at", "is", null)
    .where((eb) => eb.or([eb("next_attempt_at", "is", null), eb("next_attempt_at", "<=", now)]))
    .orderBy("created_at")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, attempts: Number(r.attempts) }));
}

/**
 * Claims a due mail until `until` (compare-and-set on its retry time): true for exactly one of several instances
 * racing for it, so a mail is handed to the sender once per attempt.
 */
export async function claimMail(
  db: DbOrTrx,
  tenantId: string,
  id: string,
  now: number,
  until: number,
): Promise<boolean> {
  const result = await kyselyOf(db)
    .updateTable("mail_outbox")
    .set({ next_attempt_at: until })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", id)
    .where("sent_at", "is", null)
    .where("failed_at", "is", null)
    .where((eb) => eb.or([eb("next_attempt_at", "is", null), eb("next_attempt_at", "<=", now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markMailSent(db: DbOrTrx, tenantId: string, id: string, now: number): Promise<void> {
  await kyselyOf(db)
    .updateTable("mail_outbox")
    .set((eb) => ({ sent_at: now, next_attempt_at: null, last_error: null, attempts: eb("attempts", "+", 1) }))
    .where("tenant_id", "=", tenantId)
    .where("id", "=", id)
    .execute();
}

/** Records a failed attempt: retried at `retryAt`, or given up when `retryAt` is null. */
export async function markMailFailed(
  db: DbOrTrx,
  tenantId: string,
  id: string,
  now: number,
  error: string,
  retryAt: number | null,
): Promise<void> {
  await kyselyOf(db)
    .updateTable("mail_outbox")
    .set((eb) => ({
      attempts: eb("attempts", "+", 1),
      last_error: error.slice(0, 1000),
      next_attempt_at: retryAt,
      failed_at: retryAt === null ? now : null,
    }))
    .where("tenant_id", "=", tenantId)
    .where("id", "=", id)
    .execute();
}
