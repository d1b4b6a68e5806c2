import type { RangeInput } from "../../core/analytics/analytics-range";
import { isAppError } from "../../core/errors/app-error";
import { rangeInputFromUrl } from "./analytics-params";

/**
 * Runs a dashboard read with the address's range; a range core refuses (reversed, too long, in the future) is shown
 * above the default range's dashboard rather than as an error page, so the form stays on screen to fix it.
 */
export async function withRange<T>(
  url: URL,
  /** fallback: the first try was refused; run with the default range and no other filters. */
  run: (range: RangeInput, fallback: boolean) => Promise<T>,
): Promise<{ result: T; rangeError: string | null; range: RangeInput }> {
  const range = rangeInputFromUrl(url);
  try {
    return { result: await run(range, false), rangeError: null, range };
  } catch (error) {
    if (!isAppError(error) || error.code !== "BAD_REQUEST") throw error;
    const fallback = { preset: "24h" };
    return { result: await run(fallback, true), rangeError: error.message, range: fallback };
  }
}

/** The range's parameters as they were asked for (for links that keep them). */
export function rangeParamsOf(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ["range", "from", "to"]) {
    const v = url.searchParams.get(name);
    if (v) out[name] = v;
  }
  return out;
}

/**
 * The loader part every dashboard page shares (studio, My Apps, admin): the dashboard read with the address's range,
 * the preset asked for and the link to the CSV of the same view (`csv`: its audience and scope parameters).
 */
export async function dashboardPage<T>(url: URL, csv: Record<string, string>, run: (range: RangeInput) => Promise<T>) {
  const { result, rangeError, range } = await withRange(url, (r) => run(r));
  const params = new URLSearchParams({ ...csv, ...rangeParamsOf(url) });
  return {
    result,
    rangeError,
    presetAsked: range.preset ?? "24h",
    csvHref: `/resources/analytics-csv?${params.toString()}`,
  };
}

/** The request log's filters as the address has them (the form shows them back), the page cursor and the detail asked. */
export function logQueryOf(url: URL) {
  const q = (name: string) => url.searchParams.get(name) ?? "";
  const at = Number(q("at"));
  return {
    filters: { status: q("status"), endpoint: q("endpoint"), app: q("app"), requestId: q("requestId") },
    before: Number(q("before")) || null,
    detail: q("request") && Number.isFinite(at) ? { requestId: q("request"), at } : null,
    rangeParams: rangeParamsOf(url),
  };
}
