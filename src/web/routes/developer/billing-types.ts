import type { InvoiceStatus } from "../../../core/billing/invoices.types";
import type { SubscriptionStatus } from "../../../db/tables/gateway.tables";

/* What the Billing page (/developer/billing) ships to the browser. Amounts are integer minor units plus currency. */

export interface BillingAmount {
  amountMinor: number;
  currency: string;
}

export interface BillingPlanOption {
  id: string;
  name: string;
  price: BillingAmount;
  isFree: boolean;
}

export interface BillingSubscription {
  id: string;
  status: SubscriptionStatus;
  apiId: string;
  apiName: string;
  /** "/{owner}/api/{slug}", null when the API is gone. */
  apiPath: string | null;
  appName: string;
  /** Personal account, organization or "team (organization)" the app belongs to. */
  contextLabel: string | null;
  planId: string;
  planName: string;
  price: BillingAmount;
  isFree: boolean;
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  pastDue: BillingAmount;
  /** Billed through an organization's subscription (decision 042): no payment actions here. */
  coveredByOrganization: boolean;
  collectionMethod: "charge_card" | "send_invoice" | null;
  /** Other plans of the API one may change to (public, not deprecated). */
  planOptions: BillingPlanOption[];
  /** A plan change waiting for the provider, or the last one rejected while the plan is unchanged (decision 049). */
  planRequest: { status: "pending" | "rejected"; planName: string | null } | null;
}

export interface BillingInvoiceRow {
  id: string;
  displayNumber: string | null;
  status: InvoiceStatus;
  total: BillingAmount;
  amountDue: BillingAmount;
  issuedAt: number | null;
  dueAt: number | null;
  paidAt: number | null;
  periodStart: number | null;
  periodEnd: number | null;
}

export interface BillingData {
  subscriptions: BillingSubscription[];
  invoices: BillingInvoiceRow[];
  invoicePage: { page: number; hasMore: boolean };
  supportEmail: string;
  invoiceBilling: boolean;
}
