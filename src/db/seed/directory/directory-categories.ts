import { sanitizeSlug } from "../../../common/slug";

/**
 * APIs.guru categories (info.x-apisguru-categories) onto the portal's categories. Where public-apis has the same
 * subject under another name, the directory's APIs join that category, so a visitor finds "Finance" once, not
 * "Finance" and "Financial"; the others become categories of their own with the directory's title.
 */
const ONTO_LISTING_CATEGORIES: Record<string, string> = {
  developer_tools: "development",
  financial: "finance",
  open_data: "open-data",
  location: "geocoding",
  text: "text-analysis",
  transport: "transportation",
  machine_learning: "ai",
  storage: "cloud-storage-and-file-sharing",
  email: "email",
  security: "security",
  social: "social",
  entertainment: "entertainment",
  ecommerce: "shopping",
};

/** Titles of the directory's own categories (its site's wording) for the keys public-apis has no match for. */
const DIRECTORY_TITLES: Record<string, string> = {
  analytics: "Analytics",
  backend: "Backend",
  cloud: "Cloud",
  collaboration: "Collaboration",
  customer_relation: "Customer Relation",
  education: "Education",
  enterprise: "Enterprise",
  forms: "Forms",
  hosting: "Hosting",
  iot: "IoT",
  marketing: "Marketing",
  media: "Media",
  messaging: "Messaging",
  monitoring: "Monitoring",
  payment: "Payment",
  project_management: "Project Management",
  search: "Search",
  support: "Support",
  telecom: "Telecom",
  time_management: "Time Management",
  tools: "Tools",
};

export interface PortalCategory {
  slug: string;
  name: string;
}

/** The portal category of a directory category key; null for keys that are not categories (typos in the data). */
export function portalCategoryOf(guruKey: string): PortalCategory | null {
  const onto = ONTO_LISTING_CATEGORIES[guruKey];
  if (onto) return { slug: onto, name: "" };
  const title = DIRECTORY_TITLES[guruKey];
  return title ? { slug: sanitizeSlug(title), name: title } : null;
}

/** The categories the directory adds next to the public-apis ones (created by the seed before any import). */
export function directoryOwnCategories(): PortalCategory[] {
  return Object.values(DIRECTORY_TITLES).map((name) => ({ slug: sanitizeSlug(name), name }));
}
