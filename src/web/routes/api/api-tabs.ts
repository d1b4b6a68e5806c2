import type { TenantConfig } from "../../../common/tenant-config";

/**
 * The API page's tabs in spec order, each with its child route in routes.ts. Tutorials, Discussions and Specs follow
 * the tenant's switches; Manage shows only to who may edit the API.
 */
export interface ApiTab {
  id: string;
  /** Path segment under /{username}/api/{slug}; "" is the default tab. */
  segment: string;
  labelKey: string;
  enabled: (config: Pick<TenantConfig, "switches">) => boolean;
  /** Shown only to who may edit the API (spec section 6: owner, or found in the viewer's context tree). */
  editorsOnly?: boolean;
}

export const API_TABS: ApiTab[] = [
  { id: "endpoints", segment: "", labelKey: "api.tabs.endpoints", enabled: () => true },
  { id: "about", segment: "details", labelKey: "api.tabs.about", enabled: () => true },
  { id: "tutorials", segment: "tutorials", labelKey: "content.tabs.tutorials", enabled: (c) => c.switches.tutorials },
  {
    id: "discussions",
    segment: "discussions",
    labelKey: "content.tabs.discussions",
    enabled: (c) => c.switches.discussions,
  },
  // Ratings and reviews (decision 080): anyone reads them; rating requires login (spec section 5).
  { id: "reviews", segment: "reviews", labelKey: "ratings.tab", enabled: () => true },
  { id: "pricing", segment: "pricing", labelKey: "api.tabs.pricing", enabled: () => true },
  { id: "specs", segment: "specs", labelKey: "studio.tabs.specs", enabled: (c) => c.switches.specsTab },
  // What changed between spec versions (decision 081), with its Atom feed.
  { id: "changelog", segment: "changelog", labelKey: "changelog.tab", enabled: () => true },
  // The spec's vendor extensions (x-* keys); an empty state says when there are none.
  { id: "extensions", segment: "extensions", labelKey: "extensions.tab", enabled: () => true },
  { id: "manage", segment: "manage", labelKey: "studio.tabs.manage", enabled: () => true, editorsOnly: true },
];

export function visibleTabs(config: Pick<TenantConfig, "switches">, canEdit = false): ApiTab[] {
  return API_TABS.filter((tab) => tab.enabled(config) && (canEdit || !tab.editorsOnly));
}
