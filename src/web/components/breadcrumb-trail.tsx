import { useMatches } from "react-router";
import { useTranslation } from "../i18n/use-translation";
import { breadcrumbJsonLd, buildBreadcrumbs, type ResolvedCrumb } from "../lib/breadcrumbs";
import { useLocalize, useRootData } from "../lib/root-data";
import { ChevronIcon } from "./icons";
import { LocalLink } from "./localized-link";

/** The current page's breadcrumb steps, labels translated, paths still unprefixed. */
export function useBreadcrumbs(): ResolvedCrumb[] {
  const { t } = useTranslation();
  const matches = useMatches();
  return buildBreadcrumbs(matches).map((c) => ({ path: c.path, label: c.label ?? t(c.labelKey ?? "") }));
}

/** Spec "Layout": breadcrumbs from /hub in the footer. */
export function BreadcrumbTrail(props: { crumbs: ResolvedCrumb[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("footer.breadcrumbLabel")} data-testid="breadcrumbs">
      <ol className="flex flex-wrap items-center gap-1 text-sm">
        {props.crumbs.map((crumb, index) => {
          const last = index === props.crumbs.length - 1;
          return (
            <li key={crumb.path} className="flex items-center gap-1">
              {index > 0 && <ChevronIcon className="size-3.5 text-slate-400 rtl:rotate-180" />}
              {last ? (
                <span aria-current="page" className="font-medium text-slate-700 dark:text-slate-200">
                  {crumb.label}
                </span>
              ) : (
                <LocalLink to={crumb.path} className="text-slate-500 hover:text-accent dark:text-slate-400">
                  {crumb.label}
                </LocalLink>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** Spec: structured breadcrumb data on every page; the script carries the CSP nonce. */
export function BreadcrumbJsonLd(props: { crumbs: ResolvedCrumb[] }) {
  const root = useRootData();
  const localize = useLocalize();
  if (!root) return null;
  const json = breadcrumbJsonLd(
    props.crumbs.map((c) => ({ ...c, path: localize(c.path) })),
    root.origin,
  );
  return (
    <script
      type="application/ld+json"
      nonce={root.nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON built by breadcrumbJsonLd, '<' escaped.
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
