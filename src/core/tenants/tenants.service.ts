import { ZodError } from "zod";
import { parseTenantConfig } from "../../common/tenant-config";
import type { Db } from "../../db/connection";
import type { TenantRow } from "../../db/schema";
import { AppError } from "../errors/app-error";
import { insertTenant, selectAllTenants, selectTenantById } from "./tenants.queries";
import type { NewTenantInput, TenantInfo } from "./tenants.types";

/** Same rule as the tenant header check in src/api/tenant-resolver.ts. */
const TENANT_ID = /^[A-Za-z0-9_-]{1,64}$/;

function toTenantInfo(row: TenantRow): TenantInfo {
  let raw: unknown;
  try {
    raw = JSON.parse(row.config);
  } catch {
    throw new AppError("INTERNAL", `Tenant '${row.id}' has a configuration that is not JSON`);
  }
  // Parsing on read fills defaults added after the tenant was stored.
  return { id: row.id, name: row.name, config: parseTenantConfig(raw) };
}

/** The tenant with this id, or null when there is none (the server answers 404). */
export async function getTenant(db: Db, tenantId: string): Promise<TenantInfo | null> {
  const row = await selectTenantById(db, tenantId);
  return row ? toTenantInfo(row) : null;
}

/** Every tenant, oldest first. */
export async function listTenants(db: Db): Promise<TenantInfo[]> {
  const rows = await selectAllTenants(db);
  return rows.map(toTenantInfo);
}

/** Creates a tenant after validating its id, name and configuration; CONFLICT when the id is taken. */
export async function createTenant(db: Db, input: NewTenantInput): Promise<TenantInfo> {
  if (!TENANT_ID.test(input.id)) {
    throw new AppError("BAD_REQUEST", "Tenant id must be 1-64 letters, digits, '-' or '_'", { field: "id" });
  }
  const name = input.name.trim();
  if (name === "" || name.length > 200) {
    throw new AppError("BAD_REQUEST", "Tenant name must be 1-200 characters", { field: "name" });
  }
  let config: TenantInfo["config"];
  try {
    config = parseTenantConfig(input.config);
  } catch (error) {
    if (error instanceof ZodError) {
      const issue = error.issues[0];
      const where = issue ? issue.path.join(".") || "(root)" : "(root)";
      throw new AppError("BAD_REQUEST", `Invalid tenant configuration at ${where}: ${issue?.message ?? "invalid"}`, {
        field: `config.${where}`,
      });
    }
    throw error;
  }
  if (await selectTenantById(db, input.id)) {
    throw new AppError("CONFLICT", `Tenant '${input.id}' already exists`, { field: "id" });
  }
  await insertTenant(db, input.id, { name, config: JSON.stringify(config), createdAt: Date.now() });
  return { id: input.id, name, config };
}
