/*
 * How the mail outbox leaves the building. The accounts domain only writes mails to mail_outbox (inside the
 * transaction that needs them); the worker's delivery job hands them to a MailSender (src/infra/mail: a "log" sender
 * by default, SMTP when SMTP_URL is set) and records the outcome.
 */

export interface OutgoingMail {
  id: string;
  tenantId: string;
  to: string;
  subject: string;
  text: string;
  kind: string;
}

export interface MailSender {
  readonly name: string;
  /** Resolves once the mail is accepted for delivery; throws to have it retried (PermanentMailError: never retried). */
  send(mail: OutgoingMail): Promise<void>;
}

/** A refusal that no retry will change (the relay rejected the recipient or the message). */
export class PermanentMailError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PermanentMailError";
  }
}
