import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/*
 * OpenAPI 3.1 webhooks are documented like operations (listed, counted, shown on the API page), but the gateway never
 * routes a call to one: api_endpoints rows say which they are. Existing rows are all operations
 * (docs/decisions/110-api-reference.md).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable("api_endpoints")
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("operation"))
    .execute();
}
