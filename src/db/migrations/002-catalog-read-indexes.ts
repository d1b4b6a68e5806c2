import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/*
 * Indexes for the hot catalog reads, measured on the full seeded catalog (2,257 APIs, 567 specs):
 * - collection members in order (hub carousel, collection page) without walking every API of the tenant;
 * - version summaries (endpoint counts, labels) without reading the multi-megabyte document columns stored in the
 *   same row (SQLite keeps them inline/overflow before endpoints_count): catalog stats went from ~28 ms to <1 ms;
 * - public API counts and current versions of a tenant from the index alone.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex("collection_apis_order")
    .on("collection_apis")
    .columns(["tenant_id", "collection_id", "position"])
    .execute();
  await db.schema
    .createIndex("api_versions_summary")
    .on("api_versions")
    .columns(["tenant_id", "id", "endpoints_count", "version", "source_format"])
    .execute();
  await db.schema
    .createIndex("apis_tenant_versions")
    .on("apis")
    .columns(["tenant_id", "current_version_id", "visibility"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex("apis_tenant_versions").ifExists().execute();
  await db.schema.dropIndex("api_versions_summary").ifExists().execute();
  await db.schema.dropIndex("collection_apis_order").ifExists().execute();
}
