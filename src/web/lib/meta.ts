import type { MetaDescriptor } from "react-router";
import { formatMessage } from "../../common/i18n/build-resources";
import type { Messages } from "../../common/i18n/catalog";
import { catalogAt } from "../i18n/catalog-store";

interface RootMetaData {
  resources: Messages;
  brand: string;
}

function isRootLoaderData(value: unknown): value is { catalog: string; brand: string } {
  return (
    typeof value === "object" &&
    value !== null &&
    "catalog" in value &&
    typeof value.catalog === "string" &&
    "brand" in value &&
    typeof value.brand === "string"
  );
}

/** Finds the root loader's data among meta matches (translations and brand for the templates). */
export function rootMetaData(matches: ReadonlyArray<{ id: string; loaderData: unknown } | undefined>): RootMetaData {
  const root = matches.find((m) => m?.id === "root")?.loaderData;
  // The root loader names the catalog's file; the server built it and the browser fetched it before rendering.
  return isRootLoaderData(root)
    ? { resources: catalogAt(root.catalog) ?? {}, brand: root.brand }
    : { resources: {}, brand: "Portico" };
}

/**
 * Templated title and description per screen ("{API name} API | {brand}"): `vars` fill the catalog templates, the
 * brand is always available as {{brand}}.
 */
export function pageMeta(
  matches: ReadonlyArray<{ id: string; loaderData: unknown } | undefined>,
  title: { key: string; vars?: Record<string, string | number> },
  description?: { key?: string; text?: string | null; vars?: Record<string, string | number> },
): MetaDescriptor[] {
  const { resources, brand } = rootMetaData(matches);
  const out: MetaDescriptor[] = [{ title: formatMessage(resources, title.key, { brand, ...title.vars }) }];
  const text =
    description?.text ??
    (description?.key ? formatMessage(resources, description.key, { brand, ...description.vars }) : null);
  if (text) {
    const trimmed = text.length > 300 ? `${text.slice(0, 297)}…` : text;
    out.push({ name: "description", content: trimmed }, { property: "og:description", content: trimmed });
  }
  out.push({ property: "og:title", content: out[0] && "title" in out[0] ? String(out[0].title) : brand });
  out.push({ property: "og:site_name", content: brand });
  return out;
}

/**
 * `<link rel="canonical">` for an indexable page: the root loader's origin with the page's own path (crawlers need
 * an absolute URL). Only pages meant for search engines carry one; variants of them (filters, paging) say noindex.
 */
export function canonicalLink(
  matches: ReadonlyArray<{ id: string; loaderData: unknown } | undefined>,
  pathname: string,
): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root")?.loaderData;
  const origin =
    typeof root === "object" && root !== null && "origin" in root && typeof root.origin === "string"
      ? root.origin
      : null;
  return origin ? [{ tagName: "link", rel: "canonical", href: `${origin}${pathname}` }] : [];
}
