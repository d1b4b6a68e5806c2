import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../tests/db-dialects";
import { createTestTenant } from "../../tests/factories/tenants";
import { createUser } from "../core/accounts/accounts.service";
import { insertOutboxMail, selectOutboxFor } from "../core/accounts/mail-outbox.queries";
import type { OutgoingMail } from "../core/accounts/mail-sender";
import { createSession, lookupSession } from "../core/accounts/sessions.service";
import type { TenantInfo } from "../core/tenants/tenants.types";
import { createPaymentProcessor } from "../infra/payments/sandbox-processor";
import { authPurgeJob, mailDeliveryJob, WORKER_JOBS } from "./jobs";
import { type JobContext, runJobOnce } from "./scheduler";

/* The accounts jobs as the worker runs them: registered, and doing their work through the job context. */
describeEachDialect("worker: accounts jobs", ({ db }) => {
  const NOW = Date.UTC(2026, 6, 1);
  let tenant: TenantInfo;
  const sent: OutgoingMail[] = [];
  let ctx: JobContext;

  beforeAll(async () => {
    tenant = await createTestTenant(db());
    ctx = {
      db: db(),
      processor: createPaymentProcessor(db()),
      clock: { now: () => NOW },
      mailSender: { name: "test", send: async (mail) => void sent.push(mail) },
      health: { allowPrivate: false, gatewayOrigin: null, demoOrigin: null, timeoutMs: 1_000 },
    };
  });

  it("registers mail delivery and the auth purge", () => {
    expect(WORKER_JOBS).toContain(mailDeliveryJob);
    expect(WORKER_JOBS).toContain(authPurgeJob);
  });

  it("mail delivery sends the outbox through the context's sender", async () => {
    await insertOutboxMail(db(), tenant.id, {
      id: "mail_job_1",
      to: "job@example.com",
      subject: "Hi",
      body: "Body",
      kind: "test",
      createdAt: NOW - 1_000,
    });
    expect(await runJobOnce(mailDeliveryJob, ctx)).toMatchObject({ sent: 1 });
    expect(sent.map((m) => m.id)).toContain("mail_job_1");
    expect(Number((await selectOutboxFor(db(), tenant.id, "job@example.com"))[0]?.sent_at)).toBe(NOW);
  });

  it("the purge deletes sessions that expired before the clock's now", async () => {
    const user = await createUser(db(), tenant.id, { username: "jobber", email: "jobber@example.com" });
    const old = await createSession(db(), tenant.id, user.id, { now: NOW - 30 * 24 * 60 * 60_000 });
    expect(await runJobOnce(authPurgeJob, ctx)).toMatchObject({ sessions: 1 });
    expect((await lookupSession(db(), tenant.id, old.token, NOW - 30 * 24 * 60 * 60_000 + 1)).status).toBe("none");
  });
});
