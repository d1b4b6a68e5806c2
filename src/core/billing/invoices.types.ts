import type { CollectionMethod, InvoiceLineKind, InvoiceStatus } from "../../db/tables/billing.tables";

export type { CollectionMethod, InvoiceLineKind, InvoiceStatus };

/** One invoice line as built by invoice-lines.ts: the amount is final (rounded once) when the line is built. */
export interface InvoiceLineInput {
  kind: InvoiceLineKind;
  description: string;
  quantity: number;
  unitAmountMinor?: number | null;
  unitPriceMicros?: number | null;
  /** Signed minor units: proration credits and credit lines are negative. */
  amountMinor: number;
  planId?: string | null;
  subscriptionId?: string | null;
  periodStart?: number | null;
  periodEnd?: number | null;
}

export interface InvoiceLine extends InvoiceLineInput {
  id: string;
  position: number;
}

export interface InvoiceTotals {
  subtotalMinor: number;
  totalMinor: number;
  carriedCreditMinor: number;
}

export interface Invoice extends InvoiceTotals {
  id: string;
  tenantId: string;
  /** Per-tenant sequence number, null while draft. */
  number: number | null;
  /** "INV-000042", or null while draft. */
  displayNumber: string | null;
  status: InvoiceStatus;
  currency: string;
  customerUserId: string | null;
  organizationId: string | null;
  subscriptionId: string | null;
  collectionMethod: CollectionMethod;
  periodStart: number | null;
  periodEnd: number | null;
  amountPaidMinor: number;
  /** total − paid for open/uncollectible invoices, else 0. */
  amountDueMinor: number;
  paymentReference: string | null;
  issuedAt: number | null;
  dueAt: number | null;
  paidAt: number | null;
  voidedAt: number | null;
  uncollectibleAt: number | null;
  createdAt: number;
  updatedAt: number;
  lines: InvoiceLine[];
}

export interface CreateInvoiceInput {
  /** Defaults to the tenant's default currency (USD when missing). */
  currency?: string | null;
  customerUserId?: string | null;
  organizationId?: string | null;
  subscriptionId?: string | null;
  collectionMethod?: CollectionMethod;
  periodStart?: number | null;
  periodEnd?: number | null;
  lines: readonly InvoiceLineInput[];
  /** Finalize at once (number allocated, status open). */
  finalize?: boolean;
  dueAt?: number | null;
}
