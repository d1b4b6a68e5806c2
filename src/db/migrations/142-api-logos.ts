import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/*
 * Issue 18: API logos served from our own origin (decision 142). One row per tenant and remote logo address: the
 * picture fetched once (base64 text, like every other portable column, decision 002) or the failure, and when to try
 * again. Keyed by the address, so an API whose thumbnail changes simply reads another row.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("api_logos")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    // sha256 of the address (hex): a short key however long the address is.
    .addColumn("url_hash", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    // null: the last fetch failed (unreachable, not an image, too large); the API shows its initials.
    .addColumn("content_type", "text")
    .addColumn("body_base64", "text")
    .addColumn("failure", "text")
    .addColumn("fetched_at", "bigint", (c) => c.notNull())
    .addColumn("retry_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("api_logos_pk", ["tenant_id", "url_hash"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("api_logos").execute();
}
