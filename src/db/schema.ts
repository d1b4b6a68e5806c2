import type { Generated, Insertable, Selectable, Updateable } from "kysely";
import type { AccountsTables } from "./tables/accounts.tables";
import type { AnalyticsTables } from "./tables/analytics.tables";
import type { BillingTables } from "./tables/billing.tables";
import type { CatalogTranslationsTables } from "./tables/catalog-translations.tables";
import type { ContentTables } from "./tables/content.tables";
import type { DirectoryTables } from "./tables/directory.tables";
import type { EventsTables } from "./tables/events.tables";
import type { GatewayTables } from "./tables/gateway.tables";
import type { LogosTables } from "./tables/logos.tables";
import type { McpTables } from "./tables/mcp.tables";
import type { MessagesTables } from "./tables/messages.tables";
import type { NotificationsTables } from "./tables/notifications.tables";
import type { PaymentsTables } from "./tables/payments.tables";
import type { RatingsTables } from "./tables/ratings.tables";
import type { SandboxTables } from "./tables/sandbox.tables";
import type { SearchTables } from "./tables/search.tables";
import type { SubscriptionBillingTables } from "./tables/subscription-billing.tables";
import type { TenantsTables } from "./tables/tenants.tables";
import type { UsageTables } from "./tables/usage.tables";

/*
 * One schema for SQLite and PostgreSQL. Portable column choices (see docs/decisions/002-portable-schema.md):
 * ids are text, timestamps are integer epoch milliseconds, booleans are integer 0/1, JSON is text.
 */

export type Flag = 0 | 1;
export type Visibility = "PUBLIC" | "PRIVATE";
export type PricingType = "FREE" | "FREEMIUM" | "PAID";

export interface TenantsTable {
  id: string;
  name: string;
  /** JSON of TenantConfig (src/core/tenants/tenant-config.ts). */
  config: string;
  created_at: number;
}

export interface UsersTable {
  id: string;
  tenant_id: string;
  username: string;
  email: string | null;
  name: string;
  thumbnail: string | null;
  position: string | null;
  company: string | null;
  location: string | null;
  bio: string | null;
  is_demo: Flag;
  created_at: number;
  /** Migration 022: when the e-mail address was proven (verification link, reset link, identity provider); null: not yet. */
  email_verified_at: number | null;
}

export interface CategoriesTable {
  id: string;
  tenant_id: string;
  slug: string;
  name: string;
  description: string | null;
  created_at: number;
}

export interface CollectionsTable {
  id: string;
  tenant_id: string;
  slug: string;
  name: string;
  description: string | null;
  thumbnail: string | null;
  position: number;
  created_at: number;
}

export interface CollectionApisTable {
  tenant_id: string;
  collection_id: string;
  api_id: string;
  position: number;
}

export interface TagDefinitionsTable {
  id: string;
  tenant_id: string;
  name: string;
  color: string | null;
  description: string | null;
  status: string;
  type: string;
  /** JSON array of allowed values. */
  values_json: string;
  is_visible: Flag;
  show_tag_name: Flag;
}

export interface ApiTagsTable {
  tenant_id: string;
  api_id: string;
  tag_id: string;
  value: string;
}

export interface ApisTable {
  id: string;
  tenant_id: string;
  owner_id: string;
  name: string;
  slug: string;
  short_description: string;
  thumbnail: string | null;
  visibility: Visibility;
  category_id: string | null;
  pricing_type: PricingType;
  provider_name: string | null;
  website: string | null;
  terms_of_use: string | null;
  /** Markdown, rendered sanitized. */
  readme: string;
  /** JSON array of strings (benefits). */
  features_json: string;
  /** JSON array of { title, url }. */
  resources_json: string;
  auth_type: string | null;
  cors: string | null;
  followers_count: number;
  rating_avg: number;
  rating_votes: number;
  /** Metrics: health check in percent, popularity 0..10, latency in ms, service level in percent. */
  health_check: number | null;
  popularity: number;
  latency_ms: number | null;
  service_level: number | null;
  /** 1 when followers/rating/metrics were generated for the demo catalog, not measured. */
  is_demo_data: Flag;
  /** Migration 080: 1 while rating_avg/rating_votes are the demo catalog's generated numbers (no real rating yet). */
  rating_is_demo: Generated<Flag>;
  /** Migration 080: JSON array of the counts of 1..5 real ratings; null while demo or unrated. */
  rating_distribution: string | null;
  upstream_url: string | null;
  current_version_id: string | null;
  created_at: number;
  updated_at: number;
}

export interface ApiVersionsTable {
  id: string;
  tenant_id: string;
  api_id: string;
  version: string;
  /** e.g. swagger-2.0, openapi-3.0.3 */
  source_format: string;
  original_doc: string;
  /** OpenAPI 3 document, JSON, $refs kept (not dereferenced). */
  normalized_doc: string;
  endpoints_count: number;
  created_at: number;
}

export interface ApiEndpointsTable {
  id: string;
  tenant_id: string;
  api_id: string;
  version_id: string;
  method: string;
  path: string;
  operation_id: string | null;
  summary: string | null;
  description: string | null;
  /** JSON arrays/objects of the dereferenced operation parts. */
  tags_json: string;
  parameters_json: string;
  request_body_json: string | null;
  responses_json: string;
  security_json: string | null;
  position: number;
  /** "operation" (a path's method, callable through the gateway) or "webhook" (OpenAPI 3.1 `webhooks`: documented only). Migration 110. */
  kind: Generated<EndpointKind>;
}

export type EndpointKind = "operation" | "webhook";

export interface SpotlightsTable {
  id: string;
  tenant_id: string;
  api_id: string;
  title: string;
  description: string | null;
  url: string | null;
  file_path: string | null;
  published: Flag;
  draft: Flag;
  position: number;
  created_at: number;
}

export interface PagesTable {
  id: string;
  tenant_id: string;
  slug: string;
  title: string;
  /** Markdown */
  body: string;
  created_at: number;
  updated_at: number;
}

/** Tables of the catalog (migration 001 and its indexes). */
export interface CatalogTables {
  tenants: TenantsTable;
  users: UsersTable;
  categories: CategoriesTable;
  collections: CollectionsTable;
  collection_apis: CollectionApisTable;
  tag_definitions: TagDefinitionsTable;
  api_tags: ApiTagsTable;
  apis: ApisTable;
  api_versions: ApiVersionsTable;
  api_endpoints: ApiEndpointsTable;
  spotlights: SpotlightsTable;
  pages: PagesTable;
}

/**
 * The one database type: every table of every migration, each domain's tables typed in `src/db/tables/<domain>.tables.ts`
 * (decision 070). Queries take `Db`, or a `DbExecutor` (the handle or an open transaction) from `./connection`.
 */
export type Database = CatalogTables &
  CatalogTranslationsTables &
  AccountsTables &
  ContentTables &
  EventsTables &
  NotificationsTables &
  MessagesTables &
  SearchTables &
  GatewayTables &
  UsageTables &
  AnalyticsTables &
  BillingTables &
  PaymentsTables &
  SubscriptionBillingTables &
  SandboxTables &
  McpTables &
  LogosTables &
  RatingsTables &
  DirectoryTables &
  TenantsTables;

export type TenantRow = Selectable<TenantsTable>;
export type UserRow = Selectable<UsersTable>;
export type ApiRow = Selectable<ApisTable>;
export type NewApi = Insertable<ApisTable>;
export type ApiUpdate = Updateable<ApisTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type CollectionRow = Selectable<CollectionsTable>;
export type ApiEndpointRow = Selectable<ApiEndpointsTable>;
export type ApiVersionRow = Selectable<ApiVersionsTable>;
export type SpotlightRow = Selectable<SpotlightsTable>;
export type PageRow = Selectable<PagesTable>;
export type TagDefinitionRow = Selectable<TagDefinitionsTable>;
// Generated is re-exported for tables that later gain database-generated columns.
export type { Generated };
