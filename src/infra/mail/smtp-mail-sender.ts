import nodemailer from "nodemailer";
import { type MailSender, type OutgoingMail, PermanentMailError } from "../../core/accounts/mail-sender";

/** SMTP reply codes 5xx are permanent refusals (RFC 5321 section 4.2.1); anything else may succeed later. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

/** Scale-out / production sender: nodemailer over SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function smtpMailSender(smtpUrl: string, from: string): MailSender {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    name: "smtp",
    async send(mail: OutgoingMail) {
      try {
        await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          // The outbox id: a relay or inbox that sees a retried mail twice can tell it is the same one.
          messageId: `<${mail.id}@portico.outbox>`,
        });
      } catch (error) {
        if (isPermanent(error)) throw new PermanentMailError(error instanceof Error ? error.message : String(error));
        throw error;
      }
    },
  };
}
