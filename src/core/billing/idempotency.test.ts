import { describe, expect, it } from "vitest";
import { deriveStepKey, fingerprintRequest } from "./idempotency";

describe("fingerprintRequest", () => {
  it("ignores key order and undefined fields, but not values", () => {
    expect(fingerprintRequest({ a: 1, b: [1, { c: 2, d: 3 }] })).toBe(
      fingerprintRequest({ b: [1, { d: 3, c: 2 }], a: 1 }),
    );
    expect(fingerprintRequest({ a: 1, x: undefined })).toBe(fingerprintRequest({ a: 1 }));
    expect(fingerprintRequest({ a: 1 })).not.toBe(fingerprintRequest({ a: 2 }));
    expect(fingerprintRequest({ a: "1" })).not.toBe(fingerprintRequest({ a: 1 }));
  });
});

describe("deriveStepKey", () => {
  it("is deterministic per step and distinct across tenants, scopes, keys and steps", () => {
    const base = deriveStepKey("t1", "usr_a", "k", "authorize");
    expect(deriveStepKey("t1", "usr_a", "k", "authorize")).toBe(base);
    for (const other of [
      deriveStepKey("t2", "usr_a", "k", "authorize"),
      deriveStepKey("t1", "usr_b", "k", "authorize"),
      deriveStepKey("t1", "usr_a", "k2", "authorize"),
      deriveStepKey("t1", "usr_a", "k", "capture"),
    ]) {
      expect(other).not.toBe(base);
    }
  });
});
