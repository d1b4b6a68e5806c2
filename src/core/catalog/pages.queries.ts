import type { Db } from "../../db/connection";

/* SQL of the tenant's static pages (about, terms, privacy...). */

export async function selectPage(db: Db, tenantId: string, slug: string) {
  return db.kysely
    .selectFrom("pages")
    .select(["slug", "title", "body", "updated_at"])
    .where("tenant_id", "=", tenantId)
    .where("slug", "=", slug)
    .executeTakeFirst();
}

/** Every static page of the tenant (slug and title), by title. */
export async function selectPages(db: Db, tenantId: string) {
  return db.kysely
    .selectFrom("pages")
    .select(["slug", "title", "updated_at"])
    .where("tenant_id", "=", tenantId)
    .orderBy("title")
    .orderBy("slug")
    .execute();
}
