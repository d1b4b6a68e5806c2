import type { Kysely } from "kysely";

// Portable types only (text, integer, bigint, real): see docs/decisions/002-portable-schema.md.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("tenants")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("config", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("thumbnail", "text")
    .addColumn("position", "text")
    .addColumn("company", "text")
    .addColumn("location", "text")
    .addColumn("bio", "text")
    .addColumn("is_demo", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("users_tenant_username", ["tenant_id", "username"])
    .execute();

  await db.schema
    .createTable("categories")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("categories_tenant_slug", ["tenant_id", "slug"])
    .execute();

  await db.schema
    .createTable("collections")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("thumbnail", "text")
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("collections_tenant_slug", ["tenant_id", "slug"])
    .execute();

  await db.schema
    .createTable("apis")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("owner_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("short_description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("thumbnail", "text")
    .addColumn("visibility", "text", (c) => c.notNull().defaultTo("PUBLIC"))
    .addColumn("category_id", "text", (c) => c.references("categories.id").onDelete("set null"))
    .addColumn("pricing_type", "text", (c) => c.notNull().defaultTo("FREE"))
    .addColumn("provider_name", "text")
    .addColumn("website", "text")
    .addColumn("terms_of_use", "text")
    .addColumn("readme", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("features_json", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("resources_json", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("auth_type", "text")
    .addColumn("cors", "text")
    .addColumn("followers_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("rating_avg", "real", (c) => c.notNull().defaultTo(0))
    .addColumn("rating_votes", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("health_check", "real")
    .addColumn("popularity", "real", (c) => c.notNull().defaultTo(0))
    .addColumn("latency_ms", "integer")
    .addColumn("service_level", "real")
    .addColumn("is_demo_data", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("upstream_url", "text")
    .addColumn("current_version_id", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("apis_tenant_owner_slug", ["tenant_id", "owner_id", "slug"])
    .execute();
  await db.schema.createIndex("apis_tenant_category").on("apis").columns(["tenant_id", "category_id"]).execute();
  await db.schema.createIndex("apis_tenant_popularity").on("apis").columns(["tenant_id", "popularity"]).execute();

  await db.schema
    .createTable("collection_apis")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("collection_id", "text", (c) => c.notNull().references("collections.id").onDelete("cascade"))
    .addColumn("api_id", "text", (c) => c.notNull().references("apis.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("collection_apis_pk", ["collection_id", "api_id"])
    .execute();

  await db.schema
    .createTable("tag_definitions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("color", "text")
    .addColumn("description", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("ACTIVE"))
    .addColumn("type", "text", (c) => c.notNull().defaultTo("LIST"))
    .addColumn("values_json", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("is_visible", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("show_tag_name", "integer", (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint("tag_definitions_tenant_name", ["tenant_id", "name"])
    .execute();

  await db.schema
    .createTable("api_tags")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("api_id", "text", (c) => c.notNull().references("apis.id").onDelete("cascade"))
    .addColumn("tag_id", "text", (c) => c.notNull().references("tag_definitions.id").onDelete("cascade"))
    .addColumn("value", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("api_tags_pk", ["api_id", "tag_id", "value"])
    .execute();

  await db.schema
    .createTable("api_versions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("api_id", "text", (c) => c.notNull().references("apis.id").onDelete("cascade"))
    .addColumn("version", "text", (c) => c.notNull())
    .addColumn("source_format", "text", (c) => c.notNull())
    .addColumn("original_doc", "text", (c) => c.notNull())
    .addColumn("normalized_doc", "text", (c) => c.notNull())
    .addColumn("endpoints_count", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("api_versions_api").on("api_versions").columns(["tenant_id", "api_id"]).execute();

  await db.schema
    .createTable("api_endpoints")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("api_id", "text", (c) => c.notNull().references("apis.id").onDelete("cascade"))
    .addColumn("version_id", "text", (c) => c.notNull().references("api_versions.id").onDelete("cascade"))
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("operation_id", "text")
    .addColumn("summary", "text")
    .addColumn("description", "text")
    .addColumn("tags_json", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("parameters_json", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("request_body_json", "text")
    .addColumn("responses_json", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("security_json", "text")
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("api_endpoints_version")
    .on("api_endpoints")
    .columns(["tenant_id", "version_id", "position"])
    .execute();

  await db.schema
    .createTable("spotlights")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("api_id", "text", (c) => c.notNull().references("apis.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("url", "text")
    .addColumn("file_path", "text")
    .addColumn("published", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("draft", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("pages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("pages_tenant_slug", ["tenant_id", "slug"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    "pages",
    "spotlights",
    "api_endpoints",
    "api_versions",
    "api_tags",
    "tag_definitions",
    "collection_apis",
    "apis",
    "collections",
    "categories",
    "users",
    "tenants",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
