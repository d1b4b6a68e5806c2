import type { AppLoadContext } from "react-router";
import type { Viewer } from "../../../core/accounts/accounts.types";
import { listApps } from "../../../core/apps/apps.service";
import { appContextOf } from "../../../core/apps/context-apps.service";
import { listViewerInvoices } from "../../../core/billing/invoices.service";
import { resolveCurrency } from "../../../core/billing/money";
import { apiRefLookup } from "../../../core/catalog/api-refs";
import { buildUserContexts } from "../../../core/orgs/contexts";
import { getPlan, listPlansForApi } from "../../../core/plans/plans.service";
import type { Plan } from "../../../core/plans/plans.types";
import { listSubscriptionsOfApp } from "../../../core/subscriptions/subscriptions.service";
import type { BillingData, BillingInvoiceRow, BillingPlanOption, BillingSubscription } from "./billing-types";

export const INVOICE_PAGE_SIZE = 20;

/**
 * The Billing page of My Apps: every live subscription of the viewer's apps (personal, organizations, teams) with
 * price, period end and past-due balance, the plans each could change to, and the viewer's invoices (one page).
 */
export async function loadBilling(context: AppLoadContext, viewer: Viewer, page: number): Promise<BillingData> {
  const { db, tenant } = context;
  const config = tenant.config;
  const contexts = await buildUserContexts(db, tenant.id, viewer);
  const lookupApi = apiRefLookup(db, tenant.id);
  const planCache = new Map<string, Promise<Plan | null>>();
  const plan = (id: string) => {
    let pending = planCache.get(id);
    if (!pending) {
      pending = getPlan(db, tenant.id, id);
      planCache.set(id, pending);
    }
    return pending;
  };
  const optionsCache = new Map<string, Promise<BillingPlanOption[]>>();
  const optionsOf = (apiId: string) => {
    let pending = optionsCache.get(apiId);
    if (!pending) {
      pending = listPlansForApi(db, tenant.id, apiId).then((plans) =>
        plans
          .filter((p) => !p.deprecated)
          .map((p) => ({
            id: p.id,
            name: p.name,
            isFree: p.isFree,
            price: { amountMinor: p.monthlyPriceCents, currency: resolveCurrency(p.currency, config.defaultCurrency) },
          })),
      );
      optionsCache.set(apiId, pending);
    }
    return pending;
  };

  const subscriptions: BillingSubscription[] = [];
  for (const entry of contexts.all) {
    const apps = await listApps({ db, tenantId: tenant.id, viewer }, appContextOf(entry));
    const contextLabel =
      entry.type === "User" ? null : entry.parentName ? `${entry.name} (${entry.parentName})` : entry.name;
    for (const app of apps) {
      const subs = await listSubscriptionsOfApp({ db, tenantId: tenant.id, viewer }, app.id);
      for (const s of subs) {
        if (s.status === "unsubscribed") continue;
        const [p, api, options, asked] = await Promise.all([
          plan(s.planId),
          lookupApi(s.apiId),
          optionsOf(s.apiId),
          s.planRequest ? plan(s.planRequest.planId) : null,
        ]);
        const currency = resolveCurrency(s.currency ?? p?.currency, config.defaultCurrency);
        subscriptions.push({
          id: s.id,
          status: s.status,
          apiId: s.apiId,
          apiName: api.apiName,
          apiPath: api.apiPath,
          appName: app.name,
          contextLabel,
          planId: s.planId,
          planName: p?.name ?? "",
          // The price snapshot taken when subscribing; free plans never had one.
          price: { amountMinor: s.priceMinor || (p?.monthlyPriceCents ?? 0), currency },
          isFree: p?.isFree ?? s.priceMinor === 0,
          currentPeriodEnd: s.currentPeriodEnd,
          cancelAtPeriodEnd: s.cancelAtPeriodEnd,
          pastDue: { amountMinor: s.pastDueMinor, currency },
          coveredByOrganization: s.coveredBySubscriptionId !== null,
          collectionMethod: s.collectionMethod,
          planOptions: options.filter((o) => o.id !== s.planId),
          planRequest: s.planRequest ? { status: s.planRequest.status, planName: asked?.name ?? null } : null,
        });
      }
    }
  }

  const offset = (page - 1) * INVOICE_PAGE_SIZE;
  const invoices = await listViewerInvoices(
    { db, tenantId: tenant.id, viewer },
    { offset, limit: INVOICE_PAGE_SIZE + 1 },
  );
  return {
    subscriptions,
    invoices: invoices.slice(0, INVOICE_PAGE_SIZE).map(
      (i): BillingInvoiceRow => ({
        id: i.id,
        displayNumber: i.displayNumber,
        status: i.status,
        total: { amountMinor: i.totalMinor, currency: i.currency },
        amountDue: { amountMinor: i.amountDueMinor, currency: i.currency },
        issuedAt: i.issuedAt,
        dueAt: i.dueAt,
        paidAt: i.paidAt,
        periodStart: i.periodStart,
        periodEnd: i.periodEnd,
      }),
    ),
    invoicePage: { page, hasMore: invoices.length > INVOICE_PAGE_SIZE },
    supportEmail: config.supportEmail,
    invoiceBilling: config.switches.invoiceBilling,
  };
}
