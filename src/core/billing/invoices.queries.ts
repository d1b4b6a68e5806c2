import type { Updateable } from "kysely";
import type { Db, DbTransaction } from "../../db/connection";
import type { InvoiceLineRow, InvoiceRow, InvoicesTable } from "../../db/tables/billing.tables";

type Handle = Db | DbTransaction;

function k(handle: Handle) {
  return "kysely" in handle && "dialect" in handle ? handle.kysely : handle;
}

/**
 * Next invoice number of the tenant, inside the caller's transaction: the counter row is created if missing and then
 * incremented with one UPDATE … RETURNING, which row-locks it (PostgreSQL) or runs alone (SQLite). If the transaction
 * rolls back, so does the increment: numbers have no gaps.
 */
export async function allocateInvoiceNumber(trx: DbTransaction, tenantId: string): Promise<number> {
  await trx
    .insertInto("invoice_number_counters")
    .values({ tenant_id: tenantId, last_number: 0 })
    .onConflict((oc) => oc.column("tenant_id").doNothing())
    .execute();
  const row = await trx
    .updateTable("invoice_number_counters")
    .set((eb) => ({ last_number: eb("last_number", "+", 1) }))
    .where("tenant_id", "=", tenantId)
    .returning("last_number")
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

export async function insertInvoiceWithLines(
  trx: DbTransaction,
  tenantId: string,
  invoice: Omit<InvoiceRow, "tenant_id">,
  lines: ReadonlyArray<Omit<InvoiceLineRow, "tenant_id" | "invoice_id">>,
): Promise<void> {
  await trx
    .insertInto("invoices")
    .values({ ...invoice, tenant_id: tenantId })
    .execute();
  if (lines.length > 0) {
    await trx
      .insertInto("invoice_lines")
      .values(lines.map((line) => ({ ...line, tenant_id: tenantId, invoice_id: invoice.id })))
      .execute();
  }
}

export function selectInvoice(handle: Handle, tenantId: string, invoiceId: string): Promise<InvoiceRow | undefined> {
  return k(handle)
    .selectFrom("invoices")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("id", "=", invoiceId)
    .executeTakeFirst();
}

export function selectInvoiceLines(
  handle: Handle,
  tenantId: string,
  invoiceIds: readonly string[],
): Promise<InvoiceLineRow[]> {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return k(handle)
    .selectFrom("invoice_lines")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("invoice_id", "in", invoiceIds)
    .orderBy("invoice_id")
    .orderBy("position")
    .execute();
}

/** Conditional update: applies only while the invoice is still in `fromStatus`; true when it did. */
export async function updateInvoiceFromStatus(
  handle: Handle,
  tenantId: string,
  invoiceId: string,
  fromStatus: InvoicesTable["status"],
  patch: Updateable<InvoicesTable>,
): Promise<boolean> {
  const result = await k(handle)
    .updateTable("invoices")
    .set(patch)
    .where("tenant_id", "=", tenantId)
    .where("id", "=", invoiceId)
    .where("status", "=", fromStatus)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteDraftInvoiceRow(db: Db, tenantId: string, invoiceId: string): Promise<boolean> {
  const result = await db.kysely
    .deleteFrom("invoices")
    .where("tenant_id", "=", tenantId)
    .where("id", "=", invoiceId)
    .where("status", "=", "draft")
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export function selectInvoicesForCustomer(
  db: Db,
  tenantId: string,
  filter: { customerUserId?: string; organizationId?: string; subscriptionId?: string; limit: number },
): Promise<InvoiceRow[]> {
  let query = db.kysely.selectFrom("invoices").selectAll().where("tenant_id", "=", tenantId);
  if (filter.customerUserId) query = query.where("customer_user_id", "=", filter.customerUserId);
  if (filter.organizationId) query = query.where("organization_id", "=", filter.organizationId);
  if (filter.subscriptionId) query = query.where("subscription_id", "=", filter.subscriptionId);
  return query.orderBy("created_at", "desc").orderBy("id").limit(filter.limit).execute();
}
