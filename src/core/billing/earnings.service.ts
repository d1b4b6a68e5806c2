import { requireViewer } from "../accounts/accounts.policy";
import type { UseCaseContext } from "../use-case-context";
import { selectPaidLinesOfProvider } from "./earnings.queries";
import { DEFAULT_CURRENCY } from "./money";

export interface EarningsAmount {
  currency: string;
  grossMinor: number;
}

export interface ProviderEarnings {
  /** One entry per currency, largest first. */
  totals: EarningsAmount[];
  byApi: Array<EarningsAmount & { apiId: string; apiName: string }>;
  byPlan: Array<EarningsAmount & { planId: string; planName: string; apiId: string }>;
  /** Calendar months (UTC), newest first. */
  byPeriod: Array<EarningsAmount & { periodStart: number }>;
}

function add<T extends EarningsAmount>(map: Map<string, T>, key: string, make: () => T, amount: number) {
  let entry = map.get(key);
  if (!entry) {
    entry = make();
    map.set(key, entry);
  }
  entry.grossMinor += amount;
}

export async function getProviderEarnings(ctx: UseCaseContext, apiId: string | null = null): Promise<ProviderEarnings> {
  const { db, tenantId } = ctx;
  const viewerId = requireViewer(ctx.viewer, ctx.tenantId).id;
  const rows = await selectPaidLinesOfProvider(db, tenantId, viewerId, apiId);
  const totals = new Map<string, EarningsAmount>();
  const byApi = new Map<string, ProviderEarnings["byApi"][number]>();
  const byPlan = new Map<string, ProviderEarnings["byPlan"][number]>();
  const byPeriod = new Map<string, ProviderEarnings["byPeriod"][number]>();
  for (const r of rows) {
    const amount = Number(r.amount_minor);
    const currency = r.currency || DEFAULT_CURRENCY;
    const paidAt = new Date(Number(r.paid_at ?? 0));
    const month = Date.UTC(paidAt.getUTCFullYear(), paidAt.getUTCMonth(), 1);
    add(totals, currency, () => ({ currency, grossMinor: 0 }), amount);
    add(
      byApi,
      `${r.api_id}|${currency}`,
      () => ({ apiId: r.api_id, apiName: r.api_name, currency, grossMinor: 0 }),
      amount,
    );
    add(
      byPlan,
      `${r.plan_id}|${currency}`,
      () => ({ planId: r.plan_id ?? "", planName: r.plan_name, apiId: r.api_id, currency, grossMinor: 0 }),
      amount,
    );
    add(byPeriod, `${month}|${currency}`, () => ({ periodStart: month, currency, grossMinor: 0 }), amount);
  }
  const largest = (a: EarningsAmount, b: EarningsAmount) => b.grossMinor - a.grossMinor;
  return {
    totals: [...totals.values()].sort(largest),
    byApi: [...byApi.values()].sort(largest),
    byPlan: [...byPlan.values()].sort(largest),
    byPeriod: [...byPeriod.values()].sort((a, b) => b.periodStart - a.periodStart),
  };
}
