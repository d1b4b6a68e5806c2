import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestTenant } from "../../../tests/factories/tenants";
import { AppError, isAppError } from "../errors/app-error";
import {
  deriveStepKey,
  fingerprintRequest,
  IDEMPOTENCY_STALE_AFTER_MS,
  type IdempotentOutcome,
  runIdempotent,
} from "./idempotency";
import { deleteCompletedIdempotencyKeysBefore, insertIdempotencyKeyIfAbsent } from "./idempotency.queries";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDialect("runIdempotent", ({ db }) => {
  let tenantId = "";
  beforeAll(async () => {
    tenantId = (await createTestTenant(db())).id;
  });

  it("runs once for 100 concurrent calls with one key; every answer is the first answer or a 409", async () => {
    const key = `subscribe-${randomUUID()}`;
    const fingerprint = fingerprintRequest({ planId: "pln_1", card: "tok_1" });
    let executions = 0;
    const fn = async () => {
      executions += 1;
      await sleep(40);
      return { subscriptionId: `sub_${randomUUID()}`, chargedMinor: 1999, at: new Date(0) };
    };
    const calls = Array.from({ length: 100 }, async (_, i) => {
      await sleep(i % 10 === 0 ? 120 : i % 7); // some arrive after completion, most while in flight
      return runIdempotent(db(), tenantId, "usr_a", key, fingerprint, fn);
    });
    const settled = await Promise.allSettled(calls);

    expect(executions).toBe(1);
    const answers = settled.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
    const errors = settled.flatMap((s) => (s.status === "rejected" ? [s.reason] : []));
    const first = answers.filter((a) => !a.replayed);
    expect(first).toHaveLength(1);
    const firstResponse = first[0]?.response;
    // The first caller also gets the JSON round trip (the Date became a string), identical to the replays.
    expect(firstResponse?.at).toBe("1970-01-01T00:00:00.000Z");
    for (const answer of answers) expect(answer.response).toEqual(firstResponse);
    for (const error of errors) {
      expect(isAppError(error) && error.code === "CONFLICT" && error.status === 409).toBe(true);
    }
    const again = await runIdempotent(db(), tenantId, "usr_a", key, fingerprint, fn);
    expect(again).toEqual({ response: firstResponse, replayed: true });
    expect(executions).toBe(1);
  });

  it("refuses the same key with a different body, even while the first is in flight", async () => {
    const key = randomUUID();
    // The first call's work runs only after its key is claimed; hold it there (no sleeps: loaded machines are slow).
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = runIdempotent(db(), tenantId, "usr_a", key, fingerprintRequest({ plan: 1 }), async () => {
      started();
      await held;
      return 1;
    });
    await running;
    const other = runIdempotent(db(), tenantId, "usr_a", key, fingerprintRequest({ plan: 2 }), async () => 2);
    await expect(other).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringMatching(/different request/),
    });
    release();
    await expect(slow).resolves.toEqual({ response: 1, replayed: false });
    await expect(
      runIdempotent(db(), tenantId, "usr_a", key, fingerprintRequest({ plan: 2 }), async () => 2),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("stores a user-facing error (a decline) and replays it", async () => {
    const key = randomUUID();
    let executions = 0;
    const fn = async (): Promise<number> => {
      executions += 1;
      throw new AppError("BAD_REQUEST", "Please try entering your credit card details again, or use a different card.");
    };
    await expect(runIdempotent(db(), tenantId, "usr_a", key, "fp", fn)).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(runIdempotent(db(), tenantId, "usr_a", key, "fp", fn)).rejects.toMatchObject({
      message: "Please try entering your credit card details again, or use a different card.",
      details: { replayed: true },
    });
    expect(executions).toBe(1);
  });

  it("releases the key after an unexpected error so a retry runs again", async () => {
    const key = randomUUID();
    let executions = 0;
    const failing = async (): Promise<string> => {
      executions += 1;
      throw new Error("processor connection reset");
    };
    await expect(runIdempotent(db(), tenantId, "usr_a", key, "fp", failing)).rejects.toThrow(/connection reset/);
    const ok = await runIdempotent(db(), tenantId, "usr_a", key, "fp", async () => {
      executions += 1;
      return "done";
    });
    expect(ok).toEqual({ response: "done", replayed: false });
    expect(executions).toBe(2);
  });

  it("lets exactly one retry take over a key left in flight by a crash, with the same step keys", async () => {
    const key = randomUUID();
    const crashedAt = 1_000_000;
    await insertIdempotencyKeyIfAbsent(db(), tenantId, {
      scope: "usr_a",
      key,
      fingerprint: "fp",
      lockToken: "crashed-process",
      now: crashedAt,
    });
    // Before the stale window: 409.
    await expect(
      runIdempotent(db(), tenantId, "usr_a", key, "fp", async () => "early", { now: () => crashedAt + 1000 }),
    ).rejects.toMatchObject({ code: "CONFLICT" });

    let executions = 0;
    const seen: Array<{ attempt: number; stepKey: string }> = [];
    const later = () => crashedAt + IDEMPOTENCY_STALE_AFTER_MS + 1;
    const settled = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        runIdempotent(
          db(),
          tenantId,
          "usr_a",
          key,
          "fp",
          async (ctx) => {
            executions += 1;
            seen.push({ attempt: ctx.attempt, stepKey: ctx.stepKey("authorize") });
            await sleep(30);
            return "recovered";
          },
          { now: later },
        ),
      ),
    );
    expect(executions).toBe(1);
    expect(seen).toEqual([{ attempt: 2, stepKey: deriveStepKey(tenantId, "usr_a", key, "authorize") }]);
    for (const s of settled) {
      if (s.status === "fulfilled") expect(s.value.response).toBe("recovered");
      else expect((s.reason as AppError).code).toBe("CONFLICT");
    }
  });

  it("keeps keys apart per tenant and per scope", async () => {
    const other = await createTestTenant(db());
    const key = randomUUID();
    const results: Array<IdempotentOutcome<string>> = [];
    results.push(await runIdempotent(db(), tenantId, "usr_a", key, "fp", async () => "t1-a"));
    results.push(await runIdempotent(db(), tenantId, "usr_b", key, "fp", async () => "t1-b"));
    results.push(await runIdempotent(db(), other.id, "usr_a", key, "fp", async () => "t2-a"));
    expect(results.map((r) => [r.response, r.replayed])).toEqual([
      ["t1-a", false],
      ["t1-b", false],
      ["t2-a", false],
    ]);
  });

  it("validates keys and purges old completed keys", async () => {
    await expect(runIdempotent(db(), tenantId, "usr_a", "", "fp", async () => 1)).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(runIdempotent(db(), tenantId, "usr_a", "a b", "fp", async () => 1)).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    const key = randomUUID();
    await runIdempotent(db(), tenantId, "usr_a", key, "fp", async () => 1, { now: () => 5 });
    expect(await deleteCompletedIdempotencyKeysBefore(db(), 6)).toBeGreaterThanOrEqual(1);
    const rerun = await runIdempotent(db(), tenantId, "usr_a", key, "fp", async () => 2);
    expect(rerun).toEqual({ response: 2, replayed: false });
  });
});
