import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/*
 * Accounts (decision 020): accounts, sessions, organizations and teams, follow/save, private API invitations, mail outbox.
 * Portable types only (text, integer, bigint); every tenant-scoped table carries tenant_id so queries filter on it.
 * Secrets (password hashes, session and reset tokens) live outside `users`, and tokens are stored only as hashes.
 */
export async function up(db: AnyDb): Promise<void> {
  // Stored lowercased by the accounts service; unique per tenant (NULLs, e.g. demo providers, do not collide).
  await db.schema.createIndex("users_tenant_email").on("users").columns(["tenant_id", "email"]).unique().execute();

  await db.schema
    .createTable("user_credentials")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("user_roles")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("user_roles_pk", ["tenant_id", "user_id", "role"])
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey()) // sha256 of the cookie token, hex
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("csrf_secret_hash", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("last_seen_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_user").on("sessions").columns(["user_id"]).execute();
  await db.schema.createIndex("sessions_expires").on("sessions").columns(["expires_at"]).execute();

  await db.schema
    .createTable("login_throttle")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("account_key", "text", (c) => c.notNull())
    .addColumn("window_start", "bigint", (c) => c.notNull())
    .addColumn("failures", "integer", (c) => c.notNull())
    .addColumn("last_failure_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("login_throttle_pk", ["tenant_id", "account_key"])
    .execute();

  await db.schema
    .createTable("password_resets")
    .addColumn("id", "text", (c) => c.primaryKey()) // sha256 of the token, hex
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("used_at", "bigint")
    .execute();
  await db.schema.createIndex("password_resets_user").on("password_resets").columns(["user_id"]).execute();

  await db.schema
    .createTable("mail_outbox")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body_text", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("sent_at", "bigint")
    .execute();
  await db.schema.createIndex("mail_outbox_pending").on("mail_outbox").columns(["sent_at", "created_at"]).execute();

  await db.schema
    .createTable("user_follows")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("follower_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("followee_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("user_follows_pk", ["follower_id", "followee_id"])
    .execute();
  await db.schema.createIndex("user_follows_followee").on("user_follows").columns(["followee_id"]).execute();

  await db.schema
    .createTable("api_follows")
    .addColumn("id", "text", (c) => c.notNull().unique())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("api_id", "text", (c) => c.notNull().references("apis.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("api_follows_pk", ["user_id", "api_id"])
    .execute();
  await db.schema.createIndex("api_follows_api").on("api_follows").columns(["api_id"]).execute();

  await db.schema
    .createTable("saved_apis")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("api_id", "text", (c) => c.notNull().references("apis.id").onDelete("cascade"))
    .addColumn("status", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("saved_apis_pk", ["user_id", "api_id"])
    .execute();

  await db.schema
    .createTable("organizations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("thumbnail", "text")
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("organizations_tenant_slug", ["tenant_id", "slug"])
    .execute();

  await db.schema
    .createTable("organization_members")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("organization_members_pk", ["organization_id", "user_id"])
    .execute();
  await db.schema.createIndex("organization_members_user").on("organization_members").columns(["user_id"]).execute();

  await db.schema
    .createTable("teams")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("teams_org_slug", ["organization_id", "slug"])
    .execute();

  await db.schema
    .createTable("team_members")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("team_id", "text", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("team_members_pk", ["team_id", "user_id"])
    .execute();
  await db.schema.createIndex("team_members_user").on("team_members").columns(["user_id"]).execute();

  await db.schema
    .createTable("corporate_domains")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("domain", "text", (c) => c.notNull())
    .addColumn("organization_id", "text", (c) => c.references("organizations.id").onDelete("set null"))
    .addColumn("ignore", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("corporate_domains_pk", ["tenant_id", "domain"])
    .execute();

  await db.schema
    .createTable("api_invitations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("api_id", "text", (c) => c.notNull().references("apis.id").onDelete("cascade"))
    .addColumn("principal_type", "text", (c) => c.notNull())
    .addColumn("principal_id", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("api_invitations_unique", ["api_id", "principal_type", "principal_id"])
    .execute();
  await db.schema
    .createIndex("api_invitations_principal")
    .on("api_invitations")
    .columns(["tenant_id", "principal_type", "principal_id"])
    .execute();

  // Server-side signing keys (private-API search tokens, context tokens), shared by every instance through the database.
  await db.schema
    .createTable("server_secrets")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  // Private APIs are looked up by owner for the private-API token.
  await db.schema
    .createIndex("apis_tenant_visibility_owner")
    .on("apis")
    .columns(["tenant_id", "visibility", "owner_id"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex("apis_tenant_visibility_owner").ifExists().execute();
  for (const table of [
    "server_secrets",
    "api_invitations",
    "corporate_domains",
    "team_members",
    "teams",
    "organization_members",
    "organizations",
    "saved_apis",
    "api_follows",
    "user_follows",
    "mail_outbox",
    "password_resets",
    "login_throttle",
    "sessions",
    "user_roles",
    "user_credentials",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.dropIndex("users_tenant_email").ifExists().execute();
}
