import { isLocale } from "../../common/locales";
import { catalogFile, parseCatalogFileName } from "../i18n/catalog-file.server";
import { notFound } from "../lib/http-errors";
import type { Route } from "./+types/i18n-catalog-resource";

/**
 * GET /i18n/<locale>.<hash>.json: the page's translation catalog for the visitor's tenant (decision 161). The address
 * names the content, so a match is cached for a year; an older or another tenant's hash gets the current catalog
 * with revalidation instead (the page that asked for it is older than the tenant's last strings change).
 */
export function loader({ params, context }: Route.LoaderArgs) {
  const name = parseCatalogFileName(params.file);
  if (!name || !isLocale(name.locale)) notFound();
  const file = catalogFile(name.locale, context.tenant.config.strings);
  const current = file.href === `/i18n/${params.file}`;
  return new Response(file.json, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "no-cache",
    },
  });
}
