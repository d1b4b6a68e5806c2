/*
 * The invoice's HTML view: a pure function from the invoice to a self-contained HTML document (inline styles, no
 * scripts, every text escaped), servable as is or embedded by a React route. Amounts go through formatMoney.
 */
import type { Invoice, InvoiceLine } from "./invoices.types";
import { formatMoney } from "./money";

export interface InvoiceHtmlOptions {
  brandName: string;
  locale?: string;
  /** Refund requests go to the tenant's support mailbox (spec section 2). */
  supportEmail?: string | null;
  customerName?: string | null;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

const STATUS_LABELS: Record<Invoice["status"], string> = {
  draft: "Draft",
  open: "Open",
  paid: "Paid",
  void: "Void",
  uncollectible: "Uncollectible",
};

function date(ms: number | null, locale: string): string {
  if (ms === null) return "";
  return new Intl.DateTimeFormat(locale, { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" }).format(
    ms,
  );
}

function lineRow(line: InvoiceLine, invoice: Invoice, locale: string): string {
  const unit =
    line.unitAmountMinor != null
      ? formatMoney({ amountMinor: line.unitAmountMinor, currency: invoice.currency }, locale)
      : line.unitPriceMicros != null
        ? `${formatMicros(line.unitPriceMicros, invoice.currency, locale)} / request`
        : "";
  const period =
    line.periodStart != null && line.periodEnd != null
      ? `<div style="color:#666;font-size:12px">${escapeHtml(date(line.periodStart, locale))} – ${escapeHtml(date(line.periodEnd, locale))}</div>`
      : "";
  return `<tr><td>${escapeHtml(line.description)}${period}</td><td style="text-align:end">${line.quantity.toLocaleString(locale)}</td><td style="text-align:end">${escapeHtml(unit)}</td><td style="text-align:end">${escapeHtml(formatMoney({ amountMinor: line.amountMinor, currency: invoice.currency }, locale))}</td></tr>`;
}

/** A per-request price in micros of a major unit, shown with enough decimals ($0.0004). */
export function formatMicros(micros: number, currency: string, locale: string): string {
  const whole = Math.trunc(micros / 1_000_000);
  const fraction = String(micros % 1_000_000)
    .padStart(6, "0")
    .replace(/0+$/, "");
  const decimal = fraction ? `${whole}.${fraction}` : String(whole);
  return new Intl.NumberFormat(locale, { style: "currency", currency, maximumFractionDigits: 6 }).format(
    decimal as Intl.StringNumericLiteral,
  );
}

export function renderInvoiceHtml(invoice: Invoice, options: InvoiceHtmlOptions): string {
  const locale = options.locale ?? "en-US";
  const money = (amountMinor: number) => escapeHtml(formatMoney({ amountMinor, currency: invoice.currency }, locale));
  const title = invoice.displayNumber ? `Invoice ${invoice.displayNumber}` : "Draft invoice";
  const meta: Array<[string, string]> = [
    ["Status", STATUS_LABELS[invoice.status]],
    ["Issued", date(invoice.issuedAt, locale)],
    ["Due", date(invoice.dueAt, locale)],
    ["Paid", date(invoice.paidAt, locale)],
    ["Billed to", options.customerName ?? ""],
    [
      "Period",
      invoice.periodStart !== null && invoice.periodEnd !== null
        ? `${date(invoice.periodStart, locale)} – ${date(invoice.periodEnd, locale)}`
        : "",
    ],
  ];
  const metaRows = meta
    .filter(([, value]) => value)
    .map(
      ([label, value]) =>
        `<tr><th style="text-align:start;padding-inline-end:16px">${label}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const totals = [
    `<tr><td colspan="3" style="text-align:end">Subtotal</td><td style="text-align:end">${money(invoice.subtotalMinor)}</td></tr>`,
    `<tr><td colspan="3" style="text-align:end"><strong>Total</strong></td><td style="text-align:end"><strong>${money(invoice.totalMinor)}</strong></td></tr>`,
    invoice.carriedCreditMinor > 0
      ? `<tr><td colspan="3" style="text-align:end">Credit carried to the next invoice</td><td style="text-align:end">${money(invoice.carriedCreditMinor)}</td></tr>`
      : "",
    invoice.amountDueMinor > 0
      ? `<tr><td colspan="3" style="text-align:end">Amount due</td><td style="text-align:end">${money(invoice.amountDueMinor)}</td></tr>`
      : "",
  ].join("");
  const refund = options.supportEmail
    ? `<p style="color:#666;font-size:12px">Refund requests: <a href="mailto:${escapeHtml(options.supportEmail)}">${escapeHtml(options.supportEmail)}</a></p>`
    : "";
  return `<!doctype html><html lang="${escapeHtml(locale)}"><head><meta charset="utf-8"><title>${escapeHtml(title)} – ${escapeHtml(options.brandName)}</title></head><body style="font-family:system-ui,sans-serif;max-width:760px;margin:24px auto;color:#111"><h1 style="font-size:22px">${escapeHtml(options.brandName)} · ${escapeHtml(title)}</h1><table>${metaRows}</table><table style="width:100%;border-collapse:collapse;margin-top:16px" cellpadding="6"><thead><tr><th style="text-align:start">Description</th><th style="text-align:end">Qty</th><th style="text-align:end">Unit price</th><th style="text-align:end">Amount</th></tr></thead><tbody>${invoice.lines.map((l) => lineRow(l, invoice, locale)).join("")}</tbody><tfoot>${totals}</tfoot></table>${refund}</body></html>`;
}
