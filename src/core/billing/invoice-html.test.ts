import { describe, expect, it } from "vitest";
import { formatMicros, renderInvoiceHtml } from "./invoice-html";
import type { Invoice } from "./invoices.types";

const invoice: Invoice = {
  id: "inv_1",
  tenantId: "t1",
  number: 7,
  displayNumber: "INV-000007",
  status: "open",
  currency: "USD",
  customerUserId: "usr_1",
  organizationId: null,
  subscriptionId: "sub_1",
  collectionMethod: "charge_card",
  periodStart: Date.UTC(2025, 0, 1),
  periodEnd: Date.UTC(2025, 1, 1),
  subtotalMinor: 2048,
  totalMinor: 2048,
  carriedCreditMinor: 0,
  amountPaidMinor: 0,
  amountDueMinor: 2048,
  paymentReference: null,
  issuedAt: Date.UTC(2025, 1, 1),
  dueAt: null,
  paidAt: null,
  voidedAt: null,
  uncollectibleAt: null,
  createdAt: 0,
  updatedAt: 0,
  lines: [
    {
      id: "l1",
      position: 0,
      kind: "subscription",
      description: "Pro <b>plan</b>",
      quantity: 1,
      unitAmountMinor: 1999,
      amountMinor: 1999,
    },
    {
      id: "l2",
      position: 1,
      kind: "overage",
      description: "Pro: requests above the quota",
      quantity: 1234,
      unitPriceMicros: 400,
      amountMinor: 49,
    },
  ],
};

describe("renderInvoiceHtml", () => {
  it("shows number, lines, formatted amounts and the refund mailbox, escaping every text", () => {
    const html = renderInvoiceHtml(invoice, {
      brandName: "Acme & Co",
      supportEmail: "billing@acme.test",
      customerName: '"Eve" <script>',
    });
    expect(html).toContain("Invoice INV-000007");
    expect(html).toContain("Acme &amp; Co");
    expect(html).toContain("Pro &lt;b&gt;plan&lt;/b&gt;");
    expect(html).toContain("&quot;Eve&quot; &lt;script&gt;");
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>");
    expect(html).toContain("$19.99");
    expect(html).toContain("$0.0004 / request");
    expect(html).toContain("1,234");
    expect(html).toContain("$20.48");
    expect(html).toContain("Amount due");
    expect(html).toContain("mailto:billing@acme.test");
  });

  it("renders a draft without a number and other locales", () => {
    const html = renderInvoiceHtml(
      { ...invoice, number: null, displayNumber: null, status: "draft" },
      { brandName: "B", locale: "de-DE" },
    );
    expect(html).toContain("Draft invoice");
    expect(html.replace(/\s/g, " ")).toContain("19,99 $");
    expect(formatMicros(1_500_000, "EUR", "en-US")).toBe("€1.50");
    expect(formatMicros(400, "JPY", "en-US")).toBe("¥0.0004");
  });
});
