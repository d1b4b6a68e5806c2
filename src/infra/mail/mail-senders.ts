import type { Config } from "../../config";
import type { MailSender } from "../../core/accounts/mail-sender";
import { logMailSender, type MailLog } from "./log-mail-sender";
import { smtpMailSender } from "./smtp-mail-sender";

/** SMTP when SMTP_URL is configured, else the log sender (embedded default). */
export function mailSenderFor(config: Pick<Config, "SMTP_URL" | "MAIL_FROM">, log: MailLog): MailSender {
  return config.SMTP_URL ? smtpMailSender(config.SMTP_URL, config.MAIL_FROM) : logMailSender(log);
}
