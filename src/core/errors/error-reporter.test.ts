import { describe, expect, it } from "vitest";
import { ERROR_SAMPLE_RATES, type ErrorReporter, sampledReporter } from "./error-reporter";

describe("sampled error reporter", () => {
  it("passes on the errors whose draw falls under the rate: 0.15 in production, none in development", () => {
    const seen: unknown[] = [];
    const inner: ErrorReporter = { report: (e) => void seen.push(e) };
    const draws = [0.1, 0.149, 0.15, 0.9];
    let i = 0;
    const production = sampledReporter(inner, ERROR_SAMPLE_RATES.production, () => draws[i++] ?? 1);
    for (const n of [1, 2, 3, 4]) production.report(n, { source: "http" });
    expect(seen).toEqual([1, 2]);
    const development = sampledReporter(inner, ERROR_SAMPLE_RATES.development, () => 0);
    development.report(5, { source: "http" });
    expect(seen).toEqual([1, 2]);
    expect(ERROR_SAMPLE_RATES.staging).toBe(0.15);
  });
});
