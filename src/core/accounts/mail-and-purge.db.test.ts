import { beforeAll, beforeEach, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestTenant } from "../../../tests/factories/tenants";
import { kyselyOf } from "../../db/executor";
import { logMailSender } from "../../infra/mail/log-mail-sender";
import type { TenantInfo } from "../tenants/tenants.types";
import { selectThrottle, swapThrottle } from "./accounts.queries";
import { createUser } from "./accounts.service";
import { purgeExpiredAuthRows, RESET_RETENTION_MS } from "./auth-purge.service";
import { THROTTLE_WINDOW_MS } from "./login-throttle";
import { deliverPendingMail, MAIL_MAX_ATTEMPTS, mailRetryDelayMs } from "./mail-delivery.service";
import { insertOutboxMail } from "./mail-outbox.queries";
import { type MailSender, type OutgoingMail, PermanentMailError } from "./mail-sender";
import { requestPasswordReset } from "./password-reset.service";
import { createSession, lookupSession } from "./sessions.service";

const T0 = Date.UTC(2026, 5, 1, 12);

/** A sender that records what it was given and fails as told (per recipient). */
function recordingSender(fail: (mail: OutgoingMail) => Error | null = () => null) {
  const sent: OutgoingMail[] = [];
  const sender: MailSender = {
    name: "recording",
    async send(mail) {
      const error = fail(mail);
      if (error) throw error;
      sent.push(mail);
    },
  };
  return { sender, sent };
}

describeEachDialect("mail outbox delivery and auth purge", ({ db }) => {
  let t1: TenantInfo;
  let t2: TenantInfo;
  let seq = 0;

  async function queue(tenantId: string, to: string, createdAt = T0): Promise<string> {
    const id = `mail_test_${++seq}`;
    await insertOutboxMail(db(), tenantId, { id, to, subject: "Hello", body: `Body ${id}`, kind: "test", createdAt });
    return id;
  }

  async function row(id: string) {
    return kyselyOf(db()).selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  }

  beforeAll(async () => {
    t1 = await createTestTenant(db(), { config: { brandName: "One" } });
    t2 = await createTestTenant(db(), { config: { brandName: "Two" } });
  });

  beforeEach(async () => {
    // Each test starts with an empty outbox (other tests' leftovers would be sent by the next run).
    await kyselyOf(db()).deleteFrom("mail_outbox").execute();
  });

  it("sends every tenant's due mails once, with their content, and marks them sent", async () => {
    await createUser(db(), t1.id, { username: "mia", email: "mia@example.com", password: "meadow-lantern-31" });
    await requestPasswordReset(db(), t1, { email: "mia@example.com" }, { publicUrl: "https://hub.test", now: T0 });
    const other = await queue(t2.id, "ola@example.com");
    const { sender, sent } = recordingSender();
    const report = await deliverPendingMail(db(), sender, { now: () => T0 + 1 });
    expect(report).toEqual({ sent: 2, retried: 0, failed: 0 });
    const reset = sent.find((m) => m.to === "mia@example.com");
    expect(reset).toMatchObject({ tenantId: t1.id, kind: "password-reset", subject: "Reset your One password" });
    expect(reset?.text).toContain("https://hub.test/auth/reset-password?token=");
    expect(sent.find((m) => m.id === other)?.tenantId).toBe(t2.id);
    expect(Number((await row(other)).sent_at)).toBe(T0 + 1);
    expect(Number((await row(other)).attempts)).toBe(1);
    // Nothing is sent twice.
    expect(await deliverPendingMail(db(), sender, { now: () => T0 + 2 })).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(sent).toHaveLength(2);
  });

  it("retries a transient failure after its delay, and gives up on a permanent refusal", async () => {
    const flaky = await queue(t1.id, "flaky@example.com");
    const rejected = await queue(t1.id, "nobody@example.com");
    let down = true;
    const { sender, sent } = recordingSender((m) => {
      if (m.to === "nobody@example.com") return new PermanentMailError("550 no such user");
      return down ? new Error("connect ECONNREFUSED") : null;
    });
    expect(await deliverPendingMail(db(), sender, { now: () => T0 })).toEqual({ sent: 0, retried: 1, failed: 1 });
    const waiting = await row(flaky);
    expect(waiting).toMatchObject({ sent_at: null, failed_at: null, last_error: "Error: connect ECONNREFUSED" });
    expect(Number(waiting.next_attempt_at)).toBe(T0 + mailRetryDelayMs(1));
    expect(Number((await row(rejected)).failed_at)).toBe(T0);

    // Not due yet: nothing happens; once due (and the relay is back) it goes out; the refused one never again.
    down = false;
    expect(await deliverPendingMail(db(), sender, { now: () => T0 + 1_000 })).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    });
    expect(await deliverPendingMail(db(), sender, { now: () => T0 + mailRetryDelayMs(1) })).toEqual({
      sent: 1,
      retried: 0,
      failed: 0,
    });
    expect(sent.map((m) => m.id)).toEqual([flaky]);
    expect(Number((await row(flaky)).attempts)).toBe(2);
  });

  it("gives up after MAIL_MAX_ATTEMPTS transient failures", async () => {
    const id = await queue(t1.id, "down@example.com");
    const { sender } = recordingSender(() => new Error("timeout"));
    let at = T0;
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      const report = await deliverPendingMail(db(), sender, { now: () => at });
      expect(report).toEqual(
        attempt < MAIL_MAX_ATTEMPTS ? { sent: 0, retried: 1, failed: 0 } : { sent: 0, retried: 0, failed: 1 },
      );
      at += mailRetryDelayMs(attempt);
    }
    const final = await row(id);
    expect(Number(final.attempts)).toBe(MAIL_MAX_ATTEMPTS);
    expect(final.failed_at).not.toBeNull();
    expect(await deliverPendingMail(db(), sender, { now: () => at + 10 * 60 * 60_000 })).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    });
  });

  it("hands each mail to the sender once when two workers run at the same time", async () => {
    for (let i = 0; i < 6; i++) await queue(t1.id, `crowd-${i}@example.com`, T0 + i);
    const { sender, sent } = recordingSender();
    const [a, b] = await Promise.all([
      deliverPendingMail(db(), sender, { now: () => T0 + 10 }),
      deliverPendingMail(db(), sender, { now: () => T0 + 10 }),
    ]);
    expect(a.sent + b.sent).toBe(6);
    expect(new Set(sent.map((m) => m.id)).size).toBe(6);
    expect(sent).toHaveLength(6);
  });

  it("the log sender marks mails sent and logs them without the body", async () => {
    const id = await queue(t2.id, "logged@example.com");
    const lines: Array<{ fields: Record<string, unknown>; message: string }> = [];
    const sender = logMailSender({ info: (fields, message) => lines.push({ fields, message }) });
    expect((await deliverPendingMail(db(), sender, { now: () => T0 })).sent).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.fields).toMatchObject({ mailId: id, to: "logged@example.com", tenantId: t2.id });
    expect(JSON.stringify(lines)).not.toContain(`Body ${id}`);
    expect((await row(id)).sent_at).not.toBeNull();
  });

  it("purges expired sessions, finished throttle windows and old reset rows, and keeps live ones", async () => {
    const user = await createUser(db(), t1.id, { username: "pia", email: "pia@example.com" });
    const old = await createSession(db(), t1.id, user.id, { now: T0 - 8 * 24 * 60 * 60_000 });
    const live = await createSession(db(), t1.id, user.id, { now: T0 });
    const throttleAt = (key: string, start: number) =>
      swapThrottle(db(), t1.id, key, null, { windowStart: start, failures: 3, lastFailureAt: start });
    await throttleAt("signin:stale@example.com", T0 - THROTTLE_WINDOW_MS - 1);
    await throttleAt("signup-ip:203.0.113.1", T0 - 10 * 60_000);
    // In time order (the reset throttle refuses a request dated before the previous one).
    await requestPasswordReset(
      db(),
      t1,
      { email: "pia@example.com" },
      { publicUrl: "https://hub.test", now: T0 - RESET_RETENTION_MS - 2 * 60 * 60_000 },
    );
    await requestPasswordReset(db(), t1, { email: "pia@example.com" }, { publicUrl: "https://hub.test", now: T0 });

    const report = await purgeExpiredAuthRows(db(), { now: T0 });
    expect(report).toEqual({ sessions: 1, throttles: 1, resets: 1, verifications: 0 });
    expect((await lookupSession(db(), t1.id, old.token, T0 - 8 * 24 * 60 * 60_000 + 1)).status).toBe("none");
    expect((await lookupSession(db(), t1.id, live.token, T0 + 1)).status).toBe("ok");
    expect(await selectThrottle(db(), t1.id, "signin:stale@example.com")).toBeNull();
    expect(await selectThrottle(db(), t1.id, "signup-ip:203.0.113.1")).not.toBeNull();
    const resets = await kyselyOf(db())
      .selectFrom("password_resets")
      .select("expires_at")
      .where("tenant_id", "=", t1.id)
      .where("user_id", "=", user.id)
      .execute();
    expect(resets.map((r) => Number(r.expires_at))).toEqual([T0 + 60 * 60_000]);
    // A second run finds nothing left to do.
    expect(await purgeExpiredAuthRows(db(), { now: T0 })).toEqual({
      sessions: 0,
      throttles: 0,
      resets: 0,
      verifications: 0,
    });
  });
});
