import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { SubscriptionStatus } from "../../db/tables/gateway.tables";
import { addBillingPeriod } from "./subscription-model";
import { canTransition, nextStatus, SUBSCRIPTION_RULES, type SubscriptionTransition } from "./subscription-state";

const STATES: SubscriptionStatus[] = ["unsubscribed", "subscribed", "pending_approval", "access_rejected", "suspended"];
const TRANSITIONS = Object.keys(SUBSCRIPTION_RULES) as SubscriptionTransition[];

describe("subscription state machine", () => {
  it("follows the spec's paths", () => {
    expect(nextStatus("unsubscribed", "subscribe")).toBe("subscribed");
    expect(nextStatus("unsubscribed", "request_access")).toBe("pending_approval");
    expect(nextStatus("pending_approval", "reject")).toBe("access_rejected");
    expect(nextStatus("subscribed", "suspend")).toBe("suspended");
    expect(nextStatus("suspended", "reactivate")).toBe("subscribed");
    expect(nextStatus("subscribed", "cancel_at_period_end")).toBe("subscribed");
    expect(nextStatus("subscribed", "end_at_period_end")).toBe("unsubscribed");
  });

  it("keeps rejected and suspended subscriptions from being walked around", () => {
    expect(() => nextStatus("access_rejected", "subscribe")).toThrow(/rejected/);
    expect(() => nextStatus("access_rejected", "unsubscribe")).toThrow(/rejected/);
    expect(() => nextStatus("suspended", "unsubscribe")).toThrow(/past-due/);
    expect(() => nextStatus("suspended", "change_plan")).toThrow(/past-due/);
    expect(() => nextStatus("suspended", "renew")).toThrow();
  });

  it("either lands in a known state or refuses, for every state and transition", () => {
    fc.assert(
      fc.property(fc.constantFrom(...STATES), fc.constantFrom(...TRANSITIONS), (from, transition) => {
        if (canTransition(from, transition)) expect(STATES).toContain(nextStatus(from, transition));
        else expect(() => nextStatus(from, transition)).toThrow();
      }),
    );
  });
});

describe("billing periods", () => {
  it("end on the same day next month, clamped to the month's last day", () => {
    expect(addBillingPeriod(Date.UTC(2030, 0, 15, 12))).toBe(Date.UTC(2030, 1, 15, 12));
    expect(addBillingPeriod(Date.UTC(2030, 0, 31))).toBe(Date.UTC(2030, 1, 28));
    expect(addBillingPeriod(Date.UTC(2030, 11, 31))).toBe(Date.UTC(2031, 0, 31));
  });

  it("always move forward by 28 to 31 days", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000_000 }), (start) => {
        const days = (addBillingPeriod(start) - start) / 86_400_000;
        expect(days).toBeGreaterThanOrEqual(28);
        expect(days).toBeLessThanOrEqual(31);
      }),
    );
  });
});
