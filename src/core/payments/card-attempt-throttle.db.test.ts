import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestTenant } from "../../../tests/factories/tenants";
import { AppError } from "../errors/app-error";
import { CARD_ATTEMPT_LIMITS, withCardAttemptThrottle } from "./card-attempt-throttle";
import type { ProcessorResult } from "./payment-processor";

const T0 = Date.UTC(2025, 3, 1);
const declined: ProcessorResult<string> = { status: "declined", reason: "card_declined", message: "no" };
const ok: ProcessorResult<string> = { status: "success", value: "pm_1" };
const down: ProcessorResult<string> = { status: "error", code: "unavailable", message: "down" };

describeEachDialect("card-attempt throttle", ({ db }) => {
  let tenantId = "";
  let clock = T0;
  const now = () => clock;
  beforeAll(async () => {
    tenantId = (await createTestTenant(db())).id;
  });

  const attempt = (userId: string, ip: string, result: ProcessorResult<string>) =>
    withCardAttemptThrottle(db(), tenantId, { userId, ip, kind: "create_payment_method" }, async () => result, { now });

  it("allows 5 failures per user in 10 minutes, then refuses even a good card; successes do not count", async () => {
    const user = `usr_${randomUUID()}`;
    for (let i = 0; i < 3; i++) expect((await attempt(user, "10.0.0.1", ok)).status).toBe("success");
    for (let i = 0; i < 5; i++) expect((await attempt(user, "10.0.0.1", declined)).status).toBe("declined");
    clock += 60_000;
    const refused = attempt(user, "10.0.0.1", ok);
    await expect(refused).rejects.toMatchObject({
      code: "RATE_LIMITED",
      status: 429,
      message: "Too many card attempts. Please try again in 9 minutes.",
      details: { limitedBy: "user" },
    });
    // Another user on the same IP is not affected.
    expect((await attempt(`usr_${randomUUID()}`, "10.0.0.1", ok)).status).toBe("success");
    // Refused attempts do not extend the lock-out: after the window the user may try again.
    clock = T0 + CARD_ATTEMPT_LIMITS.perUser.windowMs + 1;
    expect((await attempt(user, "10.0.0.1", ok)).status).toBe("success");
  });

  it("allows 20 failures per IP in an hour across users", async () => {
    clock = T0 + 10 * 3_600_000;
    const ip = "203.0.113.7";
    for (let i = 0; i < 20; i++) await attempt(`usr_${randomUUID()}`, ip, declined);
    await expect(attempt(`usr_${randomUUID()}`, ip, ok)).rejects.toMatchObject({
      code: "RATE_LIMITED",
      details: { limitedBy: "ip" },
    });
    expect((await attempt(`usr_${randomUUID()}`, "203.0.113.8", ok)).status).toBe("success");
    clock += CARD_ATTEMPT_LIMITS.perIp.windowMs;
    expect((await attempt(`usr_${randomUUID()}`, ip, ok)).status).toBe("success");
  });

  it("does not count processor outages", async () => {
    clock = T0 + 20 * 3_600_000;
    const user = `usr_${randomUUID()}`;
    for (let i = 0; i < 8; i++) expect((await attempt(user, "10.0.0.2", down)).status).toBe("error");
    expect((await attempt(user, "10.0.0.2", ok)).status).toBe("success");
  });

  it("lets at most 5 of 30 parallel attempts by one user reach the processor", async () => {
    clock = T0 + 30 * 3_600_000;
    const user = `usr_${randomUUID()}`;
    let reached = 0;
    const settled = await Promise.allSettled(
      Array.from({ length: 30 }, () =>
        withCardAttemptThrottle(
          db(),
          tenantId,
          { userId: user, ip: "10.0.0.3", kind: "authorize" },
          async () => {
            reached += 1;
            await new Promise((resolve) => setTimeout(resolve, 20));
            return declined;
          },
          { now },
        ),
      ),
    );
    // Fail-closed: on PostgreSQL all 30 may be recorded before any checks, and then all are refused.
    expect(reached).toBeLessThanOrEqual(CARD_ATTEMPT_LIMITS.perUser.maxFailures);
    const refused = settled.filter((s) => s.status === "rejected");
    expect(refused.length).toBe(30 - reached);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(AppError);
  });
});
