/*
 * Invoices: created as draft or finalized at once; finalizing allocates the tenant's next number in the same
 * transaction (gap-free), and every later status change is a conditional update from the expected status, so two
 * concurrent payments of one invoice cannot both mark it paid.
 */
import { newId } from "../../common/ids";
import type { Db, DbTransaction } from "../../db/connection";
import type { InvoiceLineRow, InvoiceRow, InvoiceStatus } from "../../db/tables/billing.tables";
import { requireViewer } from "../accounts/accounts.policy";
import { isOrganizationMember } from "../apps/apps.queries";
import { AppError } from "../errors/app-error";
import { notifyInvoiceIssued } from "../notifications/event-notifications";
import { getTenant } from "../tenants/tenants.service";
import type { UseCaseContext } from "../use-case-context";
import { canTransitionInvoice, computeInvoiceTotals, formatInvoiceNumber } from "./invoice-lines";
import {
  allocateInvoiceNumber,
  deleteDraftInvoiceRow,
  insertInvoiceWithLines,
  selectInvoice,
  selectInvoiceLines,
  selectInvoicesForCustomer,
  updateInvoiceFromStatus,
} from "./invoices.queries";
import type { CreateInvoiceInput, Invoice, InvoiceLine } from "./invoices.types";
import { resolveCurrency } from "./money";

const MAX_LINES = 500;

function toLine(row: InvoiceLineRow): InvoiceLine {
  return {
    id: row.id,
    position: row.position,
    kind: row.kind,
    description: row.description,
    quantity: Number(row.quantity),
    unitAmountMinor: row.unit_amount_minor === null ? null : Number(row.unit_amount_minor),
    unitPriceMicros: row.unit_price_micros === null ? null : Number(row.unit_price_micros),
    amountMinor: Number(row.amount_minor),
    planId: row.plan_id,
    subscriptionId: row.subscription_id,
    periodStart: row.period_start === null ? null : Number(row.period_start),
    periodEnd: row.period_end === null ? null : Number(row.period_end),
  };
}

const num = (v: number | null): number | null => (v === null ? null : Number(v));

function toInvoice(row: InvoiceRow, lines: readonly InvoiceLineRow[]): Invoice {
  const total = Number(row.total_minor);
  const paid = Number(row.amount_paid_minor);
  const number = num(row.number);
  return {
    id: row.id,
    tenantId: row.tenant_id,
    number,
    displayNumber: number === null ? null : formatInvoiceNumber(number),
    status: row.status,
    currency: row.currency,
    customerUserId: row.customer_user_id,
    organizationId: row.organization_id,
    subscriptionId: row.subscription_id,
    collectionMethod: row.collection_method,
    periodStart: num(row.period_start),
    periodEnd: num(row.period_end),
    subtotalMinor: Number(row.subtotal_minor),
    totalMinor: total,
    carriedCreditMinor: Number(row.carried_credit_minor),
    amountPaidMinor: paid,
    amountDueMinor: row.status === "open" || row.status === "uncollectible" ? Math.max(0, total - paid) : 0,
    paymentReference: row.payment_reference,
    issuedAt: num(row.issued_at),
    dueAt: num(row.due_at),
    paidAt: num(row.paid_at),
    voidedAt: num(row.voided_at),
    uncollectibleAt: num(row.uncollectible_at),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    lines: lines.filter((l) => l.invoice_id === row.id).map(toLine),
  };
}

/** Creates an invoice from built lines (invoice-lines.ts); finalizes it at once when `finalize` is set. */
export async function createInvoice(
  db: Db,
  tenantId: string,
  input: CreateInvoiceInput,
  now: () => number = Date.now,
): Promise<Invoice> {
  const tenant = input.currency ? null : await getTenant(db, tenantId);
  const currency = resolveCurrency(input.currency, tenant?.config.defaultCurrency);
  const at = now();
  const id = await db.kysely
    .transaction()
    .execute((trx) =>
      insertInvoiceIn(trx, tenantId, { ...input, currency, status: input.finalize ? "open" : "draft" }, at),
    );
  return getInvoice(db, tenantId, id);
}

export interface InvoiceInTransactionInput extends CreateInvoiceInput {
  currency: string;
  /** open (numbered, due), paid (numbered, settled by `paymentReference`) or draft (no number yet). */
  status: "draft" | "open" | "paid";
  paymentReference?: string | null;
}

/**
 * Writes an invoice and its lines inside the caller's transaction (subscribe, renewals: the invoice commits or rolls
 * back with the subscription change it documents). Returns the invoice id.
 */
export async function insertInvoiceIn(
  trx: DbTransaction,
  tenantId: string,
  input: InvoiceInTransactionInput,
  at: number,
): Promise<string> {
  if (input.lines.length > MAX_LINES) throw new AppError("BAD_REQUEST", `An invoice has at most ${MAX_LINES} lines.`);
  const totals = computeInvoiceTotals(input.lines);
  const id = newId("inv");
  const numbered = input.status !== "draft";
  const number = numbered ? await allocateInvoiceNumber(trx, tenantId) : null;
  const paid = input.status === "paid";
  await insertInvoiceWithLines(
    trx,
    tenantId,
    {
      id,
      number,
      status: input.status,
      currency: input.currency,
      customer_user_id: input.customerUserId ?? null,
      organization_id: input.organizationId ?? null,
      subscription_id: input.subscriptionId ?? null,
      collection_method: input.collectionMethod ?? "charge_card",
      period_start: input.periodStart ?? null,
      period_end: input.periodEnd ?? null,
      subtotal_minor: totals.subtotalMinor,
      total_minor: totals.totalMinor,
      carried_credit_minor: totals.carriedCreditMinor,
      amount_paid_minor: paid ? totals.totalMinor : 0,
      payment_reference: input.paymentReference ?? null,
      issued_at: numbered ? at : null,
      due_at: input.dueAt ?? null,
      paid_at: paid ? at : null,
      voided_at: null,
      uncollectible_at: null,
      created_at: at,
      updated_at: at,
    },
    input.lines.map((line, position) => ({
      id: newId("invl"),
      position,
      kind: line.kind,
      description: line.description.trim(),
      quantity: line.quantity,
      unit_amount_minor: line.unitAmountMinor ?? null,
      unit_price_micros: line.unitPriceMicros ?? null,
      amount_minor: line.amountMinor,
      plan_id: line.planId ?? null,
      subscription_id: line.subscriptionId ?? null,
      period_start: line.periodStart ?? null,
      period_end: line.periodEnd ?? null,
    })),
  );
  if (number !== null) {
    await notifyInvoiceIssued(
      trx,
      tenantId,
      {
        id,
        number,
        totalMinor: totals.totalMinor,
        currency: input.currency,
        customerUserId: input.customerUserId ?? null,
      },
      at,
    );
  }
  return id;
}

/** One invoice with its lines; NOT_FOUND across tenants. */
export async function getInvoice(db: Db, tenantId: string, invoiceId: string): Promise<Invoice> {
  const row = await selectInvoice(db, tenantId, invoiceId);
  if (!row) throw new AppError("NOT_FOUND", "Invoice not found.");
  return toInvoice(row, await selectInvoiceLines(db, tenantId, [row.id]));
}

/** Newest first, with lines. */
export async function listInvoices(
  db: Db,
  tenantId: string,
  filter: { customerUserId?: string; organizationId?: string; subscriptionId?: string; limit?: number },
): Promise<Invoice[]> {
  const rows = await selectInvoicesForCustomer(db, tenantId, { ...filter, limit: Math.min(filter.limit ?? 50, 200) });
  const lines = await selectInvoiceLines(
    db,
    tenantId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toInvoice(row, lines));
}

async function transition(
  db: Db,
  tenantId: string,
  invoiceId: string,
  to: InvoiceStatus,
  patch: (row: InvoiceRow) => Parameters<typeof updateInvoiceFromStatus>[4],
): Promise<Invoice> {
  const row = await selectInvoice(db, tenantId, invoiceId);
  if (!row) throw new AppError("NOT_FOUND", "Invoice not found.");
  if (!canTransitionInvoice(row.status, to)) {
    throw new AppError("CONFLICT", `A ${row.status} invoice cannot become ${to}.`);
  }
  const updated = await updateInvoiceFromStatus(db, tenantId, invoiceId, row.status, { ...patch(row), status: to });
  if (!updated) throw new AppError("CONFLICT", "The invoice changed meanwhile; reload it.");
  return getInvoice(db, tenantId, invoiceId);
}

/** draft → open: allocates the tenant's next number in the same transaction as the status change. */
export async function finalizeInvoice(
  db: Db,
  tenantId: string,
  invoiceId: string,
  now: () => number = Date.now,
): Promise<Invoice> {
  await db.kysely.transaction().execute(async (trx) => {
    const row = await selectInvoice(trx, tenantId, invoiceId);
    if (!row) throw new AppError("NOT_FOUND", "Invoice not found.");
    if (row.status !== "draft") throw new AppError("CONFLICT", `A ${row.status} invoice cannot be finalized.`);
    const number = await allocateInvoiceNumber(trx, tenantId);
    const at = now();
    const updated = await updateInvoiceFromStatus(trx, tenantId, invoiceId, "draft", {
      status: "open",
      number,
      issued_at: at,
      updated_at: at,
    });
    // Throwing rolls the number back with everything else.
    if (!updated) throw new AppError("CONFLICT", "The invoice changed meanwhile; reload it.");
    await notifyInvoiceIssued(
      trx,
      tenantId,
      {
        id: invoiceId,
        number,
        totalMinor: Number(row.total_minor),
        currency: row.currency,
        customerUserId: row.customer_user_id,
      },
      at,
    );
  });
  return getInvoice(db, tenantId, invoiceId);
}

/** open | uncollectible → paid (the whole total; `paymentReference` is the processor charge id or a bank reference). */
export function markInvoicePaid(
  db: Db,
  tenantId: string,
  invoiceId: string,
  payment: { paymentReference: string | null },
  now: () => number = Date.now,
): Promise<Invoice> {
  const at = now();
  return transition(db, tenantId, invoiceId, "paid", (row) => ({
    amount_paid_minor: Number(row.total_minor),
    payment_reference: payment.paymentReference,
    paid_at: at,
    updated_at: at,
  }));
}

export function voidInvoice(
  db: Db,
  tenantId: string,
  invoiceId: string,
  now: () => number = Date.now,
): Promise<Invoice> {
  const at = now();
  return transition(db, tenantId, invoiceId, "void", () => ({ voided_at: at, updated_at: at }));
}

export function markInvoiceUncollectible(
  db: Db,
  tenantId: string,
  invoiceId: string,
  now: () => number = Date.now,
): Promise<Invoice> {
  const at = now();
  return transition(db, tenantId, invoiceId, "uncollectible", () => ({ uncollectible_at: at, updated_at: at }));
}

/** Drafts have no number yet, so deleting one leaves no gap. */
export async function deleteDraftInvoice(db: Db, tenantId: string, invoiceId: string): Promise<void> {
  if (!(await deleteDraftInvoiceRow(db, tenantId, invoiceId))) {
    throw new AppError("CONFLICT", "Only a draft invoice can be deleted.");
  }
}

/**
 * An invoice as its customer sees it: the user it was issued to, or a member of the organization it was issued to.
 * Anyone else gets null (not found and not yours look the same).
 */
export async function getViewerInvoice(ctx: UseCaseContext, invoiceId: string): Promise<Invoice | null> {
  const { db, tenantId } = ctx;
  const viewerId = requireViewer(ctx.viewer, ctx.tenantId).id;
  const row = await selectInvoice(db, tenantId, invoiceId);
  if (!row || row.status === "draft") return null;
  const mine =
    row.customer_user_id === viewerId ||
    (row.organization_id !== null && (await isOrganizationMember(db, tenantId, row.organization_id, viewerId)));
  return mine ? toInvoice(row, await selectInvoiceLines(db, tenantId, [row.id])) : null;
}

/** The viewer's own invoices, newest first, drafts left out; `offset`/`limit` page through them. */
export async function listViewerInvoices(
  ctx: UseCaseContext,
  page: { offset: number; limit: number },
): Promise<Invoice[]> {
  const { db, tenantId } = ctx;
  const viewerId = requireViewer(ctx.viewer, ctx.tenantId).id;
  const all = await listInvoices(db, tenantId, { customerUserId: viewerId, limit: page.offset + page.limit });
  return all.filter((i) => i.status !== "draft").slice(page.offset, page.offset + page.limit);
}
