import type { Insertable } from "kysely";
import { newId } from "../../src/common/ids";
import type { Db } from "../../src/db/connection";
import type { CollectionRow, CollectionsTable } from "../../src/db/schema";
import { nextSeq } from "./sequence";

/** Inserts a collection and its members; apiIds are stored in the given order (position 0, 1, ...). */
export async function createTestCollection(
  db: Db,
  tenantId: string,
  overrides: Partial<Omit<Insertable<CollectionsTable>, "tenant_id">> & { apiIds?: string[] } = {},
): Promise<CollectionRow> {
  const n = nextSeq();
  const { apiIds = [], ...fields } = overrides;
  const row = {
    id: newId("col"),
    slug: `collection-${n}`,
    name: `Collection ${n}`,
    description: null,
    thumbnail: null,
    position: n,
    created_at: Date.now(),
    ...fields,
    tenant_id: tenantId,
  };
  await db.kysely.transaction().execute(async (trx) => {
    await trx.insertInto("collections").values(row).execute();
    if (apiIds.length > 0) {
      await trx
        .insertInto("collection_apis")
        .values(
          apiIds.map((apiId, position) => ({ tenant_id: tenantId, collection_id: row.id, api_id: apiId, position })),
        )
        .execute();
    }
  });
  return row;
}
