import { describe, expect, it } from "vitest";
import { newIdempotencyKey, PaymentAttemptKeys } from "./billing-client";

function counter() {
  let n = 0;
  return () => `key-${++n}`;
}

describe("payment idempotency keys", () => {
  it("sends one request body again (double click, network error, 409 in flight) with the same key", () => {
    const keys = new PaymentAttemptKeys(counter());
    const request = { planId: "p", appId: "a", card: { number: "4242424242424242" } };
    expect(keys.keyFor(request)).toBe("key-1");
    expect(keys.keyFor({ ...request })).toBe("key-1");
    keys.refused("NETWORK");
    keys.refused("CONFLICT");
    keys.refused("UNAVAILABLE");
    expect(keys.keyFor(request)).toBe("key-1");
  });

  it("uses a new key for other card details and after a decline", () => {
    const keys = new PaymentAttemptKeys(counter());
    expect(keys.keyFor({ card: "4000000000000002" })).toBe("key-1");
    expect(keys.keyFor({ card: "4242424242424242" })).toBe("key-2");
    keys.refused("BAD_REQUEST");
    // The same details again after a decline are a new attempt (the retry test card succeeds on it).
    expect(keys.keyFor({ card: "4242424242424242" })).toBe("key-3");
  });

  it("makes distinct random keys the server accepts (1-255 visible ASCII)", () => {
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[\x21-\x7e]{1,255}$/);
  });
});
