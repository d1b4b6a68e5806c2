import type { TFunction } from "i18next";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { enUS } from "../../common/i18n/locales/en-US";
import { rateLimitText } from "../../core/plans/plan-texts";
import { RATE_LIMIT_UNITS } from "../../core/plans/plans.types";
import { PAID_PLANS_MESSAGE } from "../../core/subscriptions/subscriptions.service";
import { formatMicros, quotaLabel, rateLimitLabel } from "./plan-view";

let t: TFunction;

beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({
    lng: "en-US",
    resources: { "en-US": { translation: enUS } },
    interpolation: { escapeValue: false },
  });
  t = instance.t;
});

describe("rateLimitLabel", () => {
  it("renders the spec's texts word for word in en-US, as core does", () => {
    expect(rateLimitLabel(t, null)).toBe("no rate limit");
    for (const unit of RATE_LIMIT_UNITS) {
      for (const count of [1, 2, 10, 1000]) {
        expect(rateLimitLabel(t, { count, unit })).toBe(rateLimitText({ count, unit }));
      }
    }
    expect(rateLimitLabel(t, { count: 1, unit: "minute" })).toBe("one request per minute");
    expect(rateLimitLabel(t, { count: 10, unit: "day" })).toBe("10 requests per day");
  });
});

describe("quotaLabel", () => {
  it("abbreviates the periods day, mo, yr", () => {
    const fmt = (n: number) => n.toLocaleString("en-US");
    expect(quotaLabel(t, 1000, "day", fmt)).toBe("1,000 / day");
    expect(quotaLabel(t, 5, "month", fmt)).toBe("5 / mo");
    expect(quotaLabel(t, 5, "year", fmt)).toBe("5 / yr");
    expect(quotaLabel(t, null, "year", fmt)).toBe("unlimited");
  });
});

describe("formatMicros", () => {
  it("formats per-request prices exactly", () => {
    expect(formatMicros(100, "USD", "en-US")).toBe("$0.0001");
    expect(formatMicros(1_500_000, "USD", "en-US")).toBe("$1.50");
    expect(formatMicros(1, "USD", "en-US")).toBe("$0.000001");
    expect(formatMicros(100, "JPY", "en-US")).toBe("¥0.0001");
  });
});

describe("paid plans message", () => {
  it("is in the catalog word for word, so the Pricing tab can translate the server's text", () => {
    expect(enUS.serverMessages.paidPlansUnavailable).toBe(PAID_PLANS_MESSAGE);
  });
});
