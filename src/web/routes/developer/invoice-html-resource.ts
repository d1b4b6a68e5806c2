import { isLocale } from "../../../common/locales";
import { renderInvoiceHtml } from "../../../core/billing/invoice-html";
import { getViewerInvoice } from "../../../core/billing/invoices.service";
import type { Route } from "./+types/invoice-html-resource";

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * GET /resources/invoice/{id}: the invoice as the self-contained HTML document of core/billing/invoice-html.ts (every
 * text escaped there), for its customer only. The page is printable on its own and framed by the invoice page; its
 * CSP allows no script at all, and only this site may frame it.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { viewer, tenant } = context;
  const invoice =
    viewer && viewer.tenantId === tenant.id && ID.test(params.invoiceId)
      ? await getViewerInvoice({ db: context.db, tenantId: tenant.id, viewer }, params.invoiceId)
      : null;
  if (!viewer || !invoice) {
    return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
  const lang = new URL(request.url).searchParams.get("lang");
  const html = renderInvoiceHtml(invoice, {
    brandName: tenant.config.brandName,
    locale: lang && isLocale(lang) ? lang : "en-US",
    supportEmail: tenant.config.supportEmail,
    customerName: viewer.name || viewer.username,
  });
  return new Response(html, {
    status: 200,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy":
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
      "x-frame-options": "SAMEORIGIN",
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    },
  });
}
