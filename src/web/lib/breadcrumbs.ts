/** One step of the trail; `path` is unprefixed (the locale prefix is added when rendering). */
export interface CrumbSpec {
  path: string;
  /** Literal text (an API or category name) ... */
  label?: string;
  /** ... or a catalog key. */
  labelKey?: string;
}

export interface ResolvedCrumb {
  path: string;
  label: string;
}

/** What a route module exports as `handle` to add itself to the breadcrumb trail. */
export interface RouteHandle {
  breadcrumb?: (loaderData: unknown) => CrumbSpec[];
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === "object" && value !== null && "breadcrumb" in value;
}

/** Spec section 2: breadcrumbs start from /hub with the root 'Home'; each matched route may add steps. */
export function buildBreadcrumbs(matches: ReadonlyArray<{ handle: unknown; loaderData: unknown }>): CrumbSpec[] {
  const trail: CrumbSpec[] = [{ path: "/hub", labelKey: "common.home" }];
  for (const match of matches) {
    if (!isRouteHandle(match.handle) || !match.handle.breadcrumb || match.loaderData === undefined) continue;
    for (const crumb of match.handle.breadcrumb(match.loaderData)) {
      if (!trail.some((c) => c.path === crumb.path)) trail.push(crumb);
    }
  }
  return trail;
}

/** schema.org BreadcrumbList for the page; `<` is escaped so the JSON cannot close its script element. */
export function breadcrumbJsonLd(crumbs: ResolvedCrumb[], origin: string): string {
  const list = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.label,
      item: new URL(crumb.path, origin).href,
    })),
  };
  return JSON.stringify(list)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
