import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/*
 * E-mail verification (decision 022). `users.email_verified_at` says since when the address is proven
 * (null: not yet); verification links are stored only as sha256 hashes, expire and are used once, like reset links.
 * Demo and seeded users count as verified (the seed runs after migrations and sets it itself); other existing users
 * stay unverified until they confirm from their settings. Portable types only (decision 002).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable("users").addColumn("email_verified_at", "bigint").execute();
  await db
    .updateTable("users")
    .set((eb) => ({ email_verified_at: eb.ref("created_at") }))
    .where("is_demo", "=", 1)
    .execute();

  await db.schema
    .createTable("email_verifications")
    .addColumn("id", "text", (c) => c.primaryKey()) // sha256 of the token, hex
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    // The address the link proves: a link for an address the user no longer has proves nothing.
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("used_at", "bigint")
    .execute();
  await db.schema.createIndex("email_verifications_user").on("email_verifications").columns(["user_id"]).execute();
  await db.schema
    .createIndex("email_verifications_expires")
    .on("email_verifications")
    .columns(["tenant_id", "expires_at"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("email_verifications").ifExists().execute();
  await db.schema.alterTable("users").dropColumn("email_verified_at").execute();
}
