import { z } from "zod";
import { inTransaction } from "../../db/executor";
import { AppError } from "../errors/app-error";
import type { UseCaseContext } from "../use-case-context";
import { assertTenantAdmin, LAST_TENANT_ADMIN, removesLastTenantAdmin } from "./accounts.policy";
import { deleteRole, insertRole, selectRoles, selectUserById } from "./accounts.queries";
import { countTenantAdmins, lockTenantRoles, selectTenantUsersPage } from "./tenant-admin.queries";
import { parseInput } from "./validation";
/*
 * The /admin screen's user management (ADMIN_PANEL_ACCESS): list and search the tenant's users, grant or revoke the
 * tenant admin role. Only tenant admins may do any of it; the last admin cannot be demoted (not even by themself).
 */

export const ADMIN_USERS_PAGE_SIZE = 20;
export const USER_NOT_FOUND = "User not found";

export interface TenantUser {
  id: string;
  username: string;
  name: string;
  email: string | null;
  thumbnail: string | null;
  joinedAt: number;
  isAdmin: boolean;
}

const listSchema = z.object({
  search: z.string().trim().max(100, "The search term is too long").default(""),
  offset: z.number().int().min(0).max(1_000_000).default(0),
  limit: z.number().int().min(1).max(100).default(ADMIN_USERS_PAGE_SIZE),
});

const roleChangeSchema = z.object({
  userId: z.string({ error: "Choose a user" }).trim().min(1, "Choose a user").max(100),
  admin: z.boolean({ error: "Choose grant or revoke" }),
});

/** One page of the tenant's users (search over username, name and e-mail), admins flagged. */
export async function listTenantUsers(
  ctx: UseCaseContext,
  input: unknown = {},
): Promise<{ items: TenantUser[]; total: number }> {
  const { db, tenantId, viewer } = ctx;
  assertTenantAdmin(viewer, tenantId);
  const opts = parseInput(listSchema, input);
  const page = await selectTenantUsersPage(db, tenantId, opts);
  return {
    total: page.total,
    items: page.rows.map((r) => ({
      id: r.id,
      username: r.username,
      name: r.name,
      email: r.email,
      thumbnail: r.thumbnail,
      joinedAt: r.created_at,
      isAdmin: r.is_admin === 1,
    })),
  };
}

/**
 * Grants (admin: true) or revokes the tenant admin role. Idempotent; a user of another tenant is NOT_FOUND; revoking
 * the only admin is CONFLICT with LAST_TENANT_ADMIN. The count and the change run in one transaction under a lock of
 * the tenant row, so two admins demoting each other at once cannot leave the tenant without one.
 */
export async function setTenantAdminRole(ctx: UseCaseContext, input: unknown): Promise<TenantUser> {
  const { db, tenantId, viewer } = ctx;
  assertTenantAdmin(viewer, tenantId);
  const { userId, admin } = parseInput(roleChangeSchema, input);
  const user = await inTransaction(db, async (trx) => {
    await lockTenantRoles(trx, tenantId, db.dialect);
    const target = await selectUserById(trx, tenantId, userId);
    if (!target) throw new AppError("NOT_FOUND", USER_NOT_FOUND);
    const isAdmin = (await selectRoles(trx, tenantId, userId)).includes("ADMIN");
    if (isAdmin === admin) return target;
    if (removesLastTenantAdmin(await countTenantAdmins(trx, tenantId), isAdmin, admin)) {
      throw new AppError("CONFLICT", LAST_TENANT_ADMIN);
    }
    if (admin) await insertRole(trx, tenantId, userId, "ADMIN", Date.now());
    else await deleteRole(trx, tenantId, userId, "ADMIN");
    return target;
  });
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    email: user.email,
    thumbnail: user.thumbnail,
    joinedAt: user.created_at,
    isAdmin: admin,
  };
}
