import type { Selectable } from "kysely";

/* Tables of migration 040-billing (idempotency keys, invoices), part of the one Database type in src/db/schema.ts. */

export type IdempotencyState = "in_flight" | "completed";

export interface BillingIdempotencyKeysTable {
  tenant_id: string;
  /** Whose key it is: a user id for requests, or e.g. "worker:renewals" for jobs. */
  scope: string;
  idem_key: string;
  fingerprint: string;
  state: IdempotencyState;
  /** JSON of the stored first outcome (see idempotency.ts); null while in flight. */
  response_json: string | null;
  /** Random per execution: only the holder may complete the key; a takeover after a crash gets a new token. */
  lock_token: string;
  locked_at: number;
  attempts: number;
  created_at: number;
  completed_at: number | null;
}

export type InvoiceStatus = "draft" | "open" | "paid" | "void" | "uncollectible";
export type InvoiceLineKind = "subscription" | "proration" | "overage" | "credit";
export type CollectionMethod = "charge_card" | "send_invoice";

export interface InvoiceNumberCountersTable {
  tenant_id: string;
  last_number: number;
}

export interface InvoicesTable {
  id: string;
  tenant_id: string;
  /** Per-tenant, gap-free; null while draft. */
  number: number | null;
  status: InvoiceStatus;
  currency: string;
  customer_user_id: string | null;
  organization_id: string | null;
  subscription_id: string | null;
  /** send_invoice when the tenant's invoice-billing switch is on (spec section 3). */
  collection_method: CollectionMethod;
  period_start: number | null;
  period_end: number | null;
  /** Sum of the lines (may be negative when credits exceed charges). */
  subtotal_minor: number;
  /** max(0, subtotal): what the customer owes. */
  total_minor: number;
  /** max(0, −subtotal): credit left over for the next invoice. */
  carried_credit_minor: number;
  amount_paid_minor: number;
  payment_reference: string | null;
  issued_at: number | null;
  due_at: number | null;
  paid_at: number | null;
  voided_at: number | null;
  uncollectible_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface InvoiceLinesTable {
  id: string;
  tenant_id: string;
  invoice_id: string;
  position: number;
  kind: InvoiceLineKind;
  description: string;
  quantity: number;
  /** Whole-minor-unit unit price (subscription lines); null when priced in micros or not per unit. */
  unit_amount_minor: number | null;
  /** Sub-cent unit price (overage lines), millionths of the major unit. */
  unit_price_micros: number | null;
  /** Signed: credits are negative. Rounded once, when the line is built. */
  amount_minor: number;
  plan_id: string | null;
  subscription_id: string | null;
  period_start: number | null;
  period_end: number | null;
}

export type BillingTables = {
  billing_idempotency_keys: BillingIdempotencyKeysTable;
  invoice_number_counters: InvoiceNumberCountersTable;
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
};

export type IdempotencyKeyRow = Selectable<BillingIdempotencyKeysTable>;
export type InvoiceRow = Selectable<InvoicesTable>;
export type InvoiceLineRow = Selectable<InvoiceLinesTable>;
