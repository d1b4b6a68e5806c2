import type { MailSender, OutgoingMail } from "../../core/accounts/mail-sender";

export interface MailLog {
  info(fields: Record<string, unknown>, message: string): void;
}

/**
 * Embedded default: no mail leaves the machine; each mail is logged and counts as sent. The body is not logged (reset
 * links are credentials); it stays readable in mail_outbox for whoever runs the instance.
 */
export function logMailSender(log: MailLog): MailSender {
  return {
    name: "log",
    async send(mail: OutgoingMail) {
      log.info(
        { mailId: mail.id, tenantId: mail.tenantId, to: mail.to, subject: mail.subject, kind: mail.kind },
        "mail (log sender: not delivered; body in mail_outbox)",
      );
    },
  };
}
