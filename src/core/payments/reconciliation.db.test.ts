import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestTenant } from "../../../tests/factories/tenants";
import { SandboxPaymentProcessor } from "../../infra/payments/sandbox-processor";
import {
  captureAuthorization,
  PAYMENT_AUTHORIZATION_WINDOW_MS,
  placeAuthorization,
  VERIFICATION_HOLD_WINDOW_MS,
  verificationHoldAmount,
  verifyCardWithHold,
} from "./payment-holds.service";
import { insertLedgerAuthorizationIfAbsent, selectLedgerAuthorization } from "./payment-ledger.queries";
import { findAndVoidOrphanHolds } from "./reconciliation";

const T0 = Date.UTC(2025, 2, 1);
const MIN = 60_000;

describeEachDialect("payment holds and orphan reconciliation", ({ db }) => {
  let tenantId = "";
  let clock = T0;
  const now = () => clock;
  let processor: SandboxPaymentProcessor;
  let token = "";

  beforeAll(async () => {
    tenantId = (await createTestTenant(db())).id;
    processor = new SandboxPaymentProcessor(db(), { now });
    const pm = await processor.createPaymentMethod(
      { number: "4242424242424242", expMonth: 1, expYear: 2031, cvc: "123", holderName: "Ada Lovelace" },
      { tenantId, idempotencyKey: randomUUID() },
    );
    if (pm.status !== "success") throw new Error("tokenize failed");
    token = pm.value.token;
  });

  async function processorStatus(ledgerId: string): Promise<string | undefined> {
    const row = await selectLedgerAuthorization(db(), tenantId, ledgerId);
    if (!row?.processor_authorization_id) return undefined;
    const auth = await db()
      .kysely.selectFrom("sandbox_authorizations")
      .select("status")
      .where("id", "=", row.processor_authorization_id)
      .executeTakeFirst();
    return auth?.status;
  }

  const hold = (key = randomUUID()) => ({
    userId: "usr_1",
    purpose: "verification_hold" as const,
    paymentMethodToken: token,
    amountMinor: verificationHoldAmount("USD"),
    currency: "USD",
    idempotencyKey: key,
  });

  it("holds 0.50 USD to verify a card and voids it at once", async () => {
    expect(verificationHoldAmount("USD")).toBe(50);
    expect(verificationHoldAmount("JPY")).toBe(1);
    expect(verificationHoldAmount("KWD")).toBe(500);
    const placed = await verifyCardWithHold(
      db(),
      processor,
      tenantId,
      { userId: "usr_1", paymentMethodToken: token, currency: "USD", idempotencyKey: randomUUID() },
      now,
    );
    expect(placed.result).toMatchObject({ status: "success", value: { amountMinor: 50 } });
    expect((await selectLedgerAuthorization(db(), tenantId, placed.ledgerId))?.status).toBe("voided");
    expect(await processorStatus(placed.ledgerId)).toBe("voided");
  });

  it("never captures a verification hold", async () => {
    const placed = await placeAuthorization(db(), processor, tenantId, hold(), now);
    await expect(
      captureAuthorization(db(), processor, tenantId, placed.ledgerId, { idempotencyKey: randomUUID() }, now),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await processorStatus(placed.ledgerId)).toBe("authorized");
    clock += VERIFICATION_HOLD_WINDOW_MS + 1;
    await findAndVoidOrphanHolds(db(), processor, { olderThanMs: 0, now });
    expect(await processorStatus(placed.ledgerId)).toBe("voided");
    clock = T0;
  });

  it("voids holds orphaned by a crash once they are past their window, and only then", async () => {
    clock = T0 + 1000 * MIN;
    // Crash after the processor authorized: the ledger row says authorized, nobody voided it.
    const crashedAfterAuthorize = await placeAuthorization(db(), processor, tenantId, hold(), now);
    // Crash after the processor authorized but before its answer was recorded: the ledger row is still "requested".
    const key = randomUUID();
    await insertLedgerAuthorizationIfAbsent(db(), tenantId, {
      id: `pa_${randomUUID()}`,
      user_id: "usr_1",
      purpose: "verification_hold",
      processor: "sandbox",
      payment_method_token: token,
      amount_minor: 50,
      currency: "USD",
      idempotency_key: key,
      processor_authorization_id: null,
      status: "requested",
      decline_reason: null,
      void_after: clock + VERIFICATION_HOLD_WINDOW_MS,
      created_at: clock,
      updated_at: clock,
      captured_at: null,
      voided_at: null,
    });
    const atProcessor = await processor.authorize(
      { paymentMethodToken: token, amountMinor: 50, currency: "USD" },
      { tenantId, idempotencyKey: key },
    );
    if (atProcessor.status !== "success") throw new Error("authorize failed");
    // A payment authorization has a longer window than a verification hold.
    const payment = await placeAuthorization(
      db(),
      processor,
      tenantId,
      { ...hold(), purpose: "payment", amountMinor: 1999 },
      now,
    );

    clock += 10 * MIN;
    const early = await findAndVoidOrphanHolds(db(), processor, { olderThanMs: 5 * MIN, now });
    expect(early.voided).toEqual([]);
    expect(await processorStatus(crashedAfterAuthorize.ledgerId)).toBe("authorized");

    clock += 6 * MIN; // 16 minutes: past the 15-minute verification window
    const sweep = await findAndVoidOrphanHolds(db(), processor, { olderThanMs: 5 * MIN, now });
    expect(sweep.voided).toContain(crashedAfterAuthorize.ledgerId);
    expect(sweep.voided).toHaveLength(2);
    expect(sweep.voided).not.toContain(payment.ledgerId);
    expect(await processorStatus(crashedAfterAuthorize.ledgerId)).toBe("voided");
    const recovered = await db()
      .kysely.selectFrom("sandbox_authorizations")
      .select("status")
      .where("id", "=", atProcessor.value.authorizationId)
      .executeTakeFirstOrThrow();
    expect(recovered.status).toBe("voided");
    // The replay found the processor's original authorization instead of placing a second hold.
    const holds = await db()
      .kysely.selectFrom("sandbox_authorizations")
      .select("id")
      .where("tenant_id", "=", tenantId)
      .where("created_at", ">=", T0 + 1000 * MIN)
      .execute();
    expect(holds).toHaveLength(3);

    clock = T0 + 1000 * MIN + PAYMENT_AUTHORIZATION_WINDOW_MS;
    const later = await findAndVoidOrphanHolds(db(), processor, { olderThanMs: 5 * MIN, now });
    expect(later.voided).toEqual([payment.ledgerId]);
    expect(await processorStatus(payment.ledgerId)).toBe("voided");
    const again = await findAndVoidOrphanHolds(db(), processor, { olderThanMs: 5 * MIN, now });
    expect(again.examined).toBe(0);
    clock = T0;
  });

  it("leaves captured payments alone and retries later when the processor is down", async () => {
    clock = T0 + 5000 * MIN;
    const paid = await placeAuthorization(
      db(),
      processor,
      tenantId,
      { ...hold(), purpose: "payment", amountMinor: 999 },
      now,
    );
    expect(
      (await captureAuthorization(db(), processor, tenantId, paid.ledgerId, { idempotencyKey: randomUUID() }, now))
        .status,
    ).toBe("success");
    const orphan = await placeAuthorization(db(), processor, tenantId, hold(), now);
    clock += PAYMENT_AUTHORIZATION_WINDOW_MS + 1;
    processor.setAvailable(false);
    try {
      const down = await findAndVoidOrphanHolds(db(), processor, { olderThanMs: 0, now });
      expect(down.retryLater).toEqual([orphan.ledgerId]);
    } finally {
      processor.setAvailable(true);
    }
    const up = await findAndVoidOrphanHolds(db(), processor, { olderThanMs: 0, now });
    expect(up.voided).toEqual([orphan.ledgerId]);
    expect(await processorStatus(paid.ledgerId)).toBe("captured");
    expect((await selectLedgerAuthorization(db(), tenantId, paid.ledgerId))?.status).toBe("captured");
    clock = T0;
  });
});
