import type { Insertable } from "kysely";
import { newId } from "../../src/common/ids";
import type { Db } from "../../src/db/connection";
import type { UserRow, UsersTable } from "../../src/db/schema";
import { nextSeq } from "./sequence";

export async function createTestUser(
  db: Db,
  tenantId: string,
  overrides: Partial<Omit<Insertable<UsersTable>, "tenant_id">> = {},
): Promise<UserRow> {
  const n = nextSeq();
  const row = {
    id: newId("usr"),
    username: `user-${n}`,
    email: `user-${n}@example.test`,
    name: `User ${n}`,
    thumbnail: null,
    position: null,
    company: null,
    location: null,
    bio: null,
    is_demo: 0 as const,
    created_at: Date.now(),
    // Factory users stand for existing accounts with a confirmed address (decision 022); override to test otherwise.
    email_verified_at: Date.now() as number | null,
    ...overrides,
    tenant_id: tenantId,
  };
  await db.kysely.insertInto("users").values(row).execute();
  return row;
}
