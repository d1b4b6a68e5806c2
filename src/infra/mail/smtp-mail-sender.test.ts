import type { AddressInfo } from "node:net";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PermanentMailError } from "../../core/accounts/mail-sender";
import { smtpMailSender } from "./smtp-mail-sender";

/** A minimal SMTP server: accepts mail, refuses the recipient "nobody@..." with 550, records what it received. */
function fakeSmtp() {
  const received: string[] = [];
  const server = net.createServer((socket) => {
    let inData = false;
    let data = "";
    let buffer = "";
    socket.write("220 fake ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          data += buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(data);
          data = "";
          socket.write("250 queued\r\n");
          continue;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO") socket.write("250-fake\r\n250 8BITMIME\r\n");
        else if (verb === "HELO") socket.write("250 fake\r\n");
        else if (verb === "MAIL") socket.write("250 ok\r\n");
        else if (verb === "RCPT") socket.write(/nobody@/i.test(line) ? "550 5.1.1 no such user\r\n" : "250 ok\r\n");
        else if (verb === "DATA") {
          inData = true;
          socket.write("354 go ahead\r\n");
        } else if (verb === "QUIT") socket.end("221 bye\r\n");
        else socket.write("250 ok\r\n");
      }
    });
  });
  return { server, received };
}

describe("smtpMailSender", () => {
  const smtp = fakeSmtp();
  let url = "";

  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.server.listen(0, "127.0.0.1", resolve));
    url = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => smtp.server.close(resolve));
  });

  const mail = (to: string) => ({
    id: "mail_smtp_1",
    tenantId: "t1",
    to,
    subject: "Reset your Portico password",
    text: "Open this link: https://hub.test/auth/reset-password?token=abc",
    kind: "password-reset",
  });

  it("delivers the mail with its sender, recipient, subject, text and the outbox id as Message-ID", async () => {
    await smtpMailSender(url, "Portico <no-reply@hub.test>").send(mail("ada@example.com"));
    const message = smtp.received.at(-1) ?? "";
    expect(message).toContain("From: Portico <no-reply@hub.test>");
    expect(message).toContain("To: ada@example.com");
    expect(message).toContain("Subject: Reset your Portico password");
    expect(message).toContain("https://hub.test/auth/reset-password?token=abc");
    expect(message).toContain("Message-ID: <mail_smtp_1@portico.outbox>");
  });

  it("turns a 5xx refusal into a permanent error and a dead relay into a retryable one", async () => {
    await expect(smtpMailSender(url, "no-reply@hub.test").send(mail("nobody@example.com"))).rejects.toBeInstanceOf(
      PermanentMailError,
    );
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await smtpMailSender(`smtp://127.0.0.1:${port}`, "no-reply@hub.test")
      .send(mail("ada@example.com"))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(PermanentMailError);
  });
});
