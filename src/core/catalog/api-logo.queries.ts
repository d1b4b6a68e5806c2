import type { DbOrTrx } from "../../db/connection";
import { kyselyOf } from "../../db/executor";
import type { ApiLogosTable } from "../../db/tables/logos.tables";
import { visibleApiRows } from "./api-read-model";

/** An API's thumbnail address if the caller may see the API (the one visibility rule, decision 072). */
export async function findVisibleApiThumbnail(
  db: DbOrTrx,
  tenantId: string,
  apiId: string,
  privateIds: readonly string[],
): Promise<{ thumbnail: string | null; visibility: string } | undefined> {
  return visibleApiRows(db, tenantId, privateIds)
    .where("a.id", "=", apiId)
    .select(["a.thumbnail", "a.visibility"])
    .executeTakeFirst();
}

/** Whether the API exists as PRIVATE (then the viewer's private API list decides). */
export async function isPrivateApi(db: DbOrTrx, tenantId: string, apiId: string): Promise<boolean> {
  const row = await kyselyOf(db)
    .selectFrom("apis")
    .where("tenant_id", "=", tenantId)
    .where("id", "=", apiId)
    .where("visibility", "=", "PRIVATE")
    .select("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** A collection's thumbnail address (collections are visible to everyone in their tenant). */
export async function findCollectionThumbnail(db: DbOrTrx, tenantId: string, collectionId: string) {
  const row = await kyselyOf(db)
    .selectFrom("collections")
    .where("tenant_id", "=", tenantId)
    .where("id", "=", collectionId)
    .select("thumbnail")
    .executeTakeFirst();
  return row?.thumbnail;
}

export async function findCachedLogo(db: DbOrTrx, tenantId: string, urlHash: string) {
  return kyselyOf(db)
    .selectFrom("api_logos")
    .where("tenant_id", "=", tenantId)
    .where("url_hash", "=", urlHash)
    .selectAll()
    .executeTakeFirst();
}

export async function saveCachedLogo(db: DbOrTrx, tenantId: string, row: Omit<ApiLogosTable, "tenant_id">) {
  const { url_hash, ...rest } = row;
  await kyselyOf(db)
    .insertInto("api_logos")
    .values({ tenant_id: tenantId, url_hash, ...rest })
    .onConflict((oc) => oc.columns(["tenant_id", "url_hash"]).doUpdateSet(rest))
    .execute();
}
