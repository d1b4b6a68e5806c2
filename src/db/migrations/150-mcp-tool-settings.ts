import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/*
 * Issue 19: a provider's MCP settings per operation (decision 150). Keyed by the endpoint template ("GET /items/{id}")
 * rather than an endpoint row, so hiding an operation or rewording its tool survives the next spec version; the spec
 * itself is never touched. A row only exists once the provider changed something.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("mcp_tool_settings")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("api_id", "text", (c) => c.notNull().references("apis.id").onDelete("cascade"))
    .addColumn("endpoint", "text", (c) => c.notNull())
    .addColumn("hidden", "integer", (c) => c.notNull().defaultTo(0))
    // null: the tool's description comes from the spec (summary and description).
    .addColumn("description", "text")
    .addColumn("updated_by", "text", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("mcp_tool_settings_pk", ["tenant_id", "api_id", "endpoint"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("mcp_tool_settings").execute();
}
