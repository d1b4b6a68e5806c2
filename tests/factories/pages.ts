import type { Insertable } from "kysely";
import { newId } from "../../src/common/ids";
import type { Db } from "../../src/db/connection";
import type { PageRow, PagesTable } from "../../src/db/schema";
import { nextSeq } from "./sequence";

export async function createTestPage(
  db: Db,
  tenantId: string,
  overrides: Partial<Omit<Insertable<PagesTable>, "tenant_id">> = {},
): Promise<PageRow> {
  const n = nextSeq();
  const now = Date.now();
  const row = {
    id: newId("pag"),
    slug: `page-${n}`,
    title: `Page ${n}`,
    body: `# Page ${n}\n\nBody.`,
    created_at: now,
    updated_at: now,
    ...overrides,
    tenant_id: tenantId,
  };
  await db.kysely.insertInto("pages").values(row).execute();
  return row;
}
