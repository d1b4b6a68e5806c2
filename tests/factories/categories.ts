import type { Insertable } from "kysely";
import { newId } from "../../src/common/ids";
import type { Db } from "../../src/db/connection";
import type { CategoriesTable, CategoryRow } from "../../src/db/schema";
import { nextSeq } from "./sequence";

export async function createTestCategory(
  db: Db,
  tenantId: string,
  overrides: Partial<Omit<Insertable<CategoriesTable>, "tenant_id">> = {},
): Promise<CategoryRow> {
  const n = nextSeq();
  const row = {
    id: newId("cat"),
    slug: `category-${n}`,
    name: `Category ${n}`,
    description: null,
    created_at: Date.now(),
    ...overrides,
    tenant_id: tenantId,
  };
  await db.kysely.insertInto("categories").values(row).execute();
  return row;
}
