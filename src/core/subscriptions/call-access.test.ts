import { describe, expect, it } from "vitest";
import { generateApiKey } from "../apps/api-key";
import type { PlanObject } from "../plans/plans.types";
import { keyRefusal, limitRefusal, presentedKeyRefusal, subscriptionRefusal } from "./call-access";

const NOW = Date.parse("2026-11-25T12:00:00Z");

describe("presentedKeyRefusal", () => {
  it("asks for a key when none was sent", () => {
    expect(presentedKeyRefusal("")).toEqual({
      status: 401,
      code: "UNAUTHENTICATED",
      reason: "no_key",
      message: "Missing API key: send it in the X-Api-Key header",
    });
  });

  it("refuses a value that is not shaped like a key, without a lookup", () => {
    expect(presentedKeyRefusal("pk_short")).toMatchObject({
      status: 401,
      reason: "invalid_key",
      message: "Invalid API key",
    });
  });

  it("lets a well-formed key go on to the lookup", () => {
    expect(presentedKeyRefusal(generateApiKey())).toBeNull();
  });
});

describe("keyRefusal", () => {
  const live = { revokedAt: null, expiresAt: null };

  it("refuses an unknown key", () => {
    expect(keyRefusal(null, NOW)).toMatchObject({ status: 401, code: "UNAUTHENTICATED", message: "Invalid API key" });
  });

  it("refuses a revoked key, whatever its expiry", () => {
    expect(keyRefusal({ revokedAt: NOW - 1, expiresAt: NOW + 60_000 }, NOW)).toMatchObject({
      status: 401,
      reason: "invalid_key",
      message: "This API key was revoked",
    });
  });

  it("refuses a key replaced by a rotation once its grace period ended (the end itself included)", () => {
    const replaced = { revokedAt: null, expiresAt: NOW };
    expect(keyRefusal(replaced, NOW)?.message).toBe("This API key expired after a rotation: use the new key");
    expect(keyRefusal(replaced, NOW - 1)).toBeNull();
  });

  it("admits a live key", () => {
    expect(keyRefusal(live, NOW)).toBeNull();
  });
});

describe("subscriptionRefusal", () => {
  it("admits only a subscribed app", () => {
    expect(subscriptionRefusal({ status: "subscribed" })).toBeNull();
  });

  it.each([
    [null, "not_subscribed", "This app is not subscribed to this API: subscribe to a plan first"],
    ["unsubscribed", "not_subscribed", "This app is not subscribed to this API: subscribe to a plan first"],
    ["pending_approval", "pending_approval", "This app's subscription is pending approval by the provider"],
    ["access_rejected", "access_rejected", "The provider rejected this app's access to the API"],
    ["suspended", "suspended", "This subscription is suspended until its past-due balance is paid"],
  ] as const)("refuses %s with 403 %s", (status, reason, message) => {
    expect(subscriptionRefusal(status === null ? null : { status })).toEqual({
      status: 403,
      code: "FORBIDDEN",
      reason,
      message,
    });
  });
});

describe("limitRefusal", () => {
  const singles: PlanObject = {
    id: "obj-1",
    name: "Single items",
    quota: 2,
    quotaPeriod: "day",
    hardLimit: true,
    overagePriceMicros: 0,
    endpoints: ["GET /items/{id}"],
  };
  const plan = { name: "Basic", quotaText: "1000 / mo", rateLimitText: "5 requests per second", objects: [singles] };

  it("names the plan's rate limit", () => {
    expect(limitRefusal(plan, "rate_limited", null)).toEqual({
      status: 429,
      code: "RATE_LIMITED",
      reason: "rate_limited",
      message: "Rate limit exceeded: 5 requests per second",
    });
  });

  it("names the plan's quota", () => {
    expect(limitRefusal(plan, "quota_exceeded", "plan")).toEqual({
      status: 429,
      code: "RATE_LIMITED",
      reason: "quota_exceeded",
      message: "Quota exceeded: 1000 / mo on the Basic plan",
    });
    expect(limitRefusal(plan, "quota_exceeded", null).message).toBe("Quota exceeded: 1000 / mo on the Basic plan");
  });

  it("names a plan object's quota when that one refused", () => {
    expect(limitRefusal(plan, "quota_exceeded", "obj-1").message).toBe(
      "Quota exceeded: 2 / day of Single items on the Basic plan",
    );
  });

  it("falls back to the plan's quota for a scope the plan no longer has", () => {
    expect(limitRefusal(plan, "quota_exceeded", "gone").message).toBe("Quota exceeded: 1000 / mo on the Basic plan");
  });
});
