import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestTenant } from "../../../tests/factories/tenants";
import type { CardDetails, ProcessorCallOptions } from "../../core/payments/payment-processor";
import { SANDBOX_AUTHORIZATION_TTL_MS, SandboxPaymentProcessor } from "./sandbox-processor";
import { SANDBOX_TEST_CARDS } from "./sandbox-test-cards";

const T0 = Date.UTC(2025, 0, 15);

function card(number: string, overrides: Partial<CardDetails> = {}): CardDetails {
  return {
    number,
    expMonth: 12,
    expYear: 2030,
    cvc: number.startsWith("3") ? "1234" : "123",
    holderName: "Ada Lovelace",
    ...overrides,
  };
}

describeEachDialect("sandbox payment processor", ({ db }) => {
  let tenantId = "";
  let clock = T0;
  let processor: SandboxPaymentProcessor;
  const opts = (key = randomUUID()): ProcessorCallOptions => ({ tenantId, idempotencyKey: key });

  beforeAll(async () => {
    tenantId = (await createTestTenant(db())).id;
    processor = new SandboxPaymentProcessor(db(), { now: () => clock });
  });

  async function tokenFor(number: string): Promise<string> {
    const result = await processor.createPaymentMethod(card(number), opts());
    if (result.status !== "success") throw new Error(`tokenize ${number}: ${JSON.stringify(result)}`);
    return result.value.token;
  }

  it("tokenizes the test cards and keeps only last4, brand and expiry", async () => {
    const result = await processor.createPaymentMethod(card("4242 4242 4242 4242"), opts());
    expect(result).toMatchObject({
      status: "success",
      value: { brand: "visa", last4: "4242", expMonth: 12, expYear: 2030, holderName: "Ada Lovelace" },
    });
    for (const c of SANDBOX_TEST_CARDS) await tokenFor(c.number);
    const k = db().kysely;
    const dump = JSON.stringify([
      await k.selectFrom("sandbox_payment_methods").selectAll().execute(),
      await k.selectFrom("sandbox_idempotency").selectAll().execute(),
    ]);
    for (const c of SANDBOX_TEST_CARDS) expect(dump).not.toContain(c.number);
    expect(dump).not.toContain('"123"');
  });

  it("refuses bad card details with a decline reason", async () => {
    const cases: Array<[CardDetails, string]> = [
      [card("4242424242424241"), "invalid_number"],
      [card("4242424242424242", { expMonth: 12, expYear: 2024 }), "expired_card"],
      [card("4242424242424242", { expMonth: 13 }), "invalid_expiry"],
      [card("4242424242424242", { cvc: "12" }), "invalid_cvc"],
      [card("378282246310005", { cvc: "123" }), "invalid_cvc"],
      [card("4242424242424242", { holderName: " " }), "invalid_holder_name"],
      [card("4111111111111111"), "card_declined"], // Luhn-valid but not a sandbox test card
    ];
    for (const [details, reason] of cases) {
      expect(await processor.createPaymentMethod(details, opts())).toMatchObject({ status: "declined", reason });
    }
  });

  it("accepts a card through the last day of its expiry month", async () => {
    clock = Date.UTC(2030, 11, 31, 23, 59);
    expect((await processor.createPaymentMethod(card("4242424242424242"), opts())).status).toBe("success");
    clock = Date.UTC(2031, 0, 1);
    expect(await processor.createPaymentMethod(card("4242424242424242"), opts())).toMatchObject({
      reason: "expired_card",
    });
    clock = T0;
  });

  it("authorizes, captures and refunds; voids holds; declines per test card", async () => {
    const ok = await tokenFor("4242424242424242");
    const hold = await processor.authorize({ paymentMethodToken: ok, amountMinor: 50, currency: "USD" }, opts());
    if (hold.status !== "success") throw new Error("hold failed");
    expect(await processor.void({ authorizationId: hold.value.authorizationId }, opts())).toMatchObject({
      status: "success",
    });
    expect(await processor.capture({ authorizationId: hold.value.authorizationId }, opts())).toMatchObject({
      status: "error",
      code: "invalid_state",
    });

    const charge = await processor.charge({ paymentMethodToken: ok, amountMinor: 1999, currency: "USD" }, opts());
    if (charge.status !== "success") throw new Error("charge failed");
    expect(charge.value.amountMinor).toBe(1999);
    expect(await processor.refund({ authorizationId: charge.value.chargeId, amountMinor: 999 }, opts())).toMatchObject({
      status: "success",
      value: { amountMinor: 999 },
    });
    expect(await processor.refund({ authorizationId: charge.value.chargeId, amountMinor: 1001 }, opts())).toMatchObject(
      {
        code: "invalid_request",
      },
    );
    expect(await processor.refund({ authorizationId: charge.value.chargeId }, opts())).toMatchObject({
      value: { amountMinor: 1000 },
    });
    expect(await processor.void({ authorizationId: charge.value.chargeId }, opts())).toMatchObject({
      code: "invalid_state",
    });

    const amount = { amountMinor: 500, currency: "USD" };
    const declined = await tokenFor("4000000000000002");
    expect(await processor.charge({ paymentMethodToken: declined, ...amount }, opts())).toMatchObject({
      status: "declined",
      reason: "card_declined",
    });
    const poor = await tokenFor("4000000000009995");
    expect(await processor.authorize({ paymentMethodToken: poor, ...amount }, opts())).toMatchObject({
      reason: "insufficient_funds",
    });
  });

  it("the retry card answers 'retry' once, then succeeds with a new key", async () => {
    const token = await tokenFor("4000000000000119");
    const firstKey = randomUUID();
    const first = await processor.charge(
      { paymentMethodToken: token, amountMinor: 700, currency: "USD" },
      opts(firstKey),
    );
    expect(first).toMatchObject({ status: "declined", reason: "retry" });
    // Same key: the first answer again, not a new attempt.
    expect(
      await processor.charge({ paymentMethodToken: token, amountMinor: 700, currency: "USD" }, opts(firstKey)),
    ).toEqual(first);
    expect(
      await processor.charge({ paymentMethodToken: token, amountMinor: 700, currency: "USD" }, opts()),
    ).toMatchObject({ status: "success" });
  });

  it("the retry card entered again (a new payment method, as a person retrying does) succeeds", async () => {
    const charge = (token: string) =>
      processor.charge({ paymentMethodToken: token, amountMinor: 700, currency: "USD" }, opts());
    const first = await tokenFor("4000000000000119");
    expect(await charge(first)).toMatchObject({ status: "declined", reason: "retry" });
    const retried = await tokenFor("4000000000000119");
    expect(await charge(retried)).toMatchObject({ status: "success" });
    // Once it went through, a new entry of the card starts over: retry, then success.
    const again = await tokenFor("4000000000000119");
    expect(await charge(again)).toMatchObject({ status: "declined", reason: "retry" });
    expect(await charge(await tokenFor("4000000000000119"))).toMatchObject({ status: "success" });
  });

  it("the renewal card succeeds now and declines after its first capture", async () => {
    const token = await tokenFor("4000000000000341");
    const hold = await processor.authorize({ paymentMethodToken: token, amountMinor: 50, currency: "USD" }, opts());
    expect(hold.status).toBe("success");
    const first = await processor.charge({ paymentMethodToken: token, amountMinor: 1999, currency: "USD" }, opts());
    expect(first.status).toBe("success");
    clock = T0 + 31 * 86_400_000;
    expect(
      await processor.charge({ paymentMethodToken: token, amountMinor: 1999, currency: "USD" }, opts()),
    ).toMatchObject({ status: "declined", reason: "card_declined" });
    clock = T0;
  });

  it("lets an uncaptured authorization lapse after its window", async () => {
    const token = await tokenFor("4242424242424242");
    const hold = await processor.authorize({ paymentMethodToken: token, amountMinor: 50, currency: "USD" }, opts());
    if (hold.status !== "success") throw new Error("hold failed");
    expect(hold.value.expiresAt).toBe(T0 + SANDBOX_AUTHORIZATION_TTL_MS);
    clock = hold.value.expiresAt;
    expect(await processor.capture({ authorizationId: hold.value.authorizationId }, opts())).toMatchObject({
      code: "invalid_state",
    });
    clock = T0;
  });

  it("replays the first result for a repeated key and refuses the key with another request", async () => {
    const token = await tokenFor("4242424242424242");
    const key = randomUUID();
    const request = { paymentMethodToken: token, amountMinor: 1234, currency: "USD" };
    const first = await processor.charge(request, opts(key));
    expect(await processor.charge(request, opts(key))).toEqual(first);
    expect(await processor.charge({ ...request, amountMinor: 1235 }, opts(key))).toMatchObject({
      status: "error",
      code: "idempotency_conflict",
    });
    expect(await processor.refund({ authorizationId: "x" }, opts(key))).toMatchObject({ code: "idempotency_conflict" });
  });

  it("charges once for 30 concurrent calls with one key", async () => {
    const token = await tokenFor("4242424242424242");
    const key = randomUUID();
    const request = { paymentMethodToken: token, amountMinor: 4321, currency: "USD" };
    const results = await Promise.all(Array.from({ length: 30 }, () => processor.charge(request, opts(key))));
    const ids = new Set(results.map((r) => (r.status === "success" ? r.value.chargeId : "failed")));
    expect([...ids]).toHaveLength(1);
    expect(ids.has("failed")).toBe(false);
    const rows = await db()
      .kysely.selectFrom("sandbox_authorizations")
      .select("id")
      .where("tenant_id", "=", tenantId)
      .where("payment_method_token", "=", token)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("keeps tenants apart and reports an outage as unavailable", async () => {
    const token = await tokenFor("4242424242424242");
    const other = await createTestTenant(db());
    expect(
      await processor.charge(
        { paymentMethodToken: token, amountMinor: 100, currency: "USD" },
        { tenantId: other.id, idempotencyKey: randomUUID() },
      ),
    ).toMatchObject({ code: "not_found" });
    processor.setAvailable(false);
    try {
      expect(
        await processor.charge({ paymentMethodToken: token, amountMinor: 100, currency: "USD" }, opts()),
      ).toMatchObject({ status: "error", code: "unavailable" });
    } finally {
      processor.setAvailable(true);
    }
    expect(
      await processor.charge({ paymentMethodToken: token, amountMinor: 1.5, currency: "USD" }, opts()),
    ).toMatchObject({ code: "invalid_request" });
  });
});
