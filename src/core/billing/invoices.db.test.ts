import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestTenant } from "../../../tests/factories/tenants";
import { AppError } from "../errors/app-error";
import { overageLine, prorationLines, subscriptionLine } from "./invoice-lines";
import { allocateInvoiceNumber } from "./invoices.queries";
import {
  createInvoice,
  deleteDraftInvoice,
  finalizeInvoice,
  getInvoice,
  listInvoices,
  markInvoicePaid,
  markInvoiceUncollectible,
  voidInvoice,
} from "./invoices.service";

const DAY = 86_400_000;
const period = { start: Date.UTC(2025, 0, 1), end: Date.UTC(2025, 0, 31) };

describeEachDialect("invoices", ({ db }) => {
  let tenantId = "";
  beforeAll(async () => {
    tenantId = (await createTestTenant(db())).id;
  });

  const draft = (customerUserId = "usr_1") =>
    createInvoice(db(), tenantId, {
      customerUserId,
      lines: [subscriptionLine({ planName: "Pro", priceMinor: 1999, period })],
    });

  it("stores lines and totals computed from them, in the tenant's currency", async () => {
    const eur = await createTestTenant(db(), { config: { brandName: "Euro", defaultCurrency: "EUR" } });
    const lines = [
      subscriptionLine({ planName: "Pro", priceMinor: 3000, period }),
      ...prorationLines({
        oldPlan: { name: "Basic", priceMinor: 1000 },
        newPlan: { name: "Pro", priceMinor: 3000 },
        period,
        changeAt: period.start + 20 * DAY,
      }),
    ];
    const over = overageLine({
      label: "Pro",
      countedCalls: 11_234,
      quota: 10_000,
      hardLimit: false,
      priceMicros: 400,
      currency: "EUR",
      period,
    });
    if (over) lines.push(over);
    const invoice = await createInvoice(db(), eur.id, { customerUserId: "usr_1", lines, finalize: true });
    expect(invoice.currency).toBe("EUR");
    expect(invoice.lines.map((l) => [l.kind, l.amountMinor])).toEqual([
      ["subscription", 3000],
      ["proration", -334],
      ["proration", 1000],
      ["overage", 49],
    ]);
    expect(invoice.subtotalMinor).toBe(3000 - 334 + 1000 + 49);
    expect(invoice.totalMinor).toBe(invoice.subtotalMinor);
    expect(invoice).toMatchObject({ status: "open", number: 1, displayNumber: "INV-000001" });
    expect(invoice.amountDueMinor).toBe(invoice.totalMinor);
    expect((await draft()).currency).toBe("USD");
  });

  it("numbers invoices per tenant without gaps under concurrent finalization", async () => {
    const tenant = await createTestTenant(db());
    const drafts = await Promise.all(
      Array.from({ length: 25 }, () =>
        createInvoice(db(), tenant.id, { lines: [subscriptionLine({ planName: "P", priceMinor: 100, period })] }),
      ),
    );
    expect(drafts.every((d) => d.number === null && d.status === "draft")).toBe(true);
    const finalized = await Promise.all(drafts.map((d) => finalizeInvoice(db(), tenant.id, d.id)));
    expect(finalized.map((f) => f.number).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
    // A second tenant counts on its own.
    const other = await createTestTenant(db());
    expect((await createInvoice(db(), other.id, { lines: [], finalize: true })).number).toBe(1);
    // Finalizing twice is refused.
    const first = finalized[0];
    if (!first) throw new Error("no invoice");
    await expect(finalizeInvoice(db(), tenant.id, first.id)).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("leaves no gap when the transaction that allocated a number rolls back, or a draft is deleted", async () => {
    const tenant = await createTestTenant(db());
    const a = await createInvoice(db(), tenant.id, { lines: [], finalize: true });
    await expect(
      db()
        .kysely.transaction()
        .execute(async (trx) => {
          expect(await allocateInvoiceNumber(trx, tenant.id)).toBe(2);
          throw new AppError("INTERNAL", "crash after allocating");
        }),
    ).rejects.toThrow(/crash/);
    const d = await createInvoice(db(), tenant.id, { lines: [] });
    await deleteDraftInvoice(db(), tenant.id, d.id);
    const b = await createInvoice(db(), tenant.id, { lines: [], finalize: true });
    expect([a.number, b.number]).toEqual([1, 2]);
    await expect(deleteDraftInvoice(db(), tenant.id, b.id)).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("moves through paid, void and uncollectible, once", async () => {
    const open = await finalizeInvoice(db(), tenantId, (await draft()).id);
    const results = await Promise.allSettled([
      markInvoicePaid(db(), tenantId, open.id, { paymentReference: "ch_1" }),
      markInvoicePaid(db(), tenantId, open.id, { paymentReference: "ch_2" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const paid = await getInvoice(db(), tenantId, open.id);
    expect(paid).toMatchObject({ status: "paid", amountPaidMinor: 1999, amountDueMinor: 0 });
    await expect(voidInvoice(db(), tenantId, open.id)).rejects.toMatchObject({ code: "CONFLICT" });

    const second = await finalizeInvoice(db(), tenantId, (await draft()).id);
    expect((await markInvoiceUncollectible(db(), tenantId, second.id)).amountDueMinor).toBe(1999);
    expect((await voidInvoice(db(), tenantId, second.id)).status).toBe("void");
    await expect(markInvoicePaid(db(), tenantId, (await draft()).id, { paymentReference: null })).rejects.toMatchObject(
      {
        code: "CONFLICT",
      },
    );
  });

  it("never shows one tenant's invoices to another", async () => {
    const mine = await draft("usr_private");
    const other = await createTestTenant(db());
    await expect(getInvoice(db(), other.id, mine.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(markInvoicePaid(db(), other.id, mine.id, { paymentReference: null })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await listInvoices(db(), other.id, { customerUserId: "usr_private" })).toEqual([]);
    const listed = await listInvoices(db(), tenantId, { customerUserId: "usr_private" });
    expect(listed.map((i) => i.id)).toEqual([mine.id]);
    expect(listed[0]?.lines).toHaveLength(1);
  });
});
