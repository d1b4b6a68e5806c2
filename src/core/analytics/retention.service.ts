import { z } from "zod";
import { parseTenantConfig } from "../../common/tenant-config";
import { assertTenantAdmin } from "../accounts/accounts.policy";
import { parseInput } from "../accounts/validation";
import { AppError } from "../errors/app-error";
import { selectTenantById, updateTenantConfig } from "../tenants/tenants.queries";
import type { UseCaseContext } from "../use-case-context";

const retentionInput = z.object({
  days: z
    .number({ error: "Retention must be a whole number of days from 1 to 400" })
    .int("Retention must be a whole number of days from 1 to 400")
    .min(1, "Retention must be a whole number of days from 1 to 400")
    .max(400, "Retention must be a whole number of days from 1 to 400"),
});

/** A tenant admin sets how long the request log keeps raw calls (the worker deletes older ones). */
export async function setRequestLogRetention(ctx: UseCaseContext, input: unknown): Promise<number> {
  const { db, tenantId, viewer } = ctx;
  assertTenantAdmin(viewer, tenantId);
  const { days } = parseInput(retentionInput, input);
  const row = await selectTenantById(db, tenantId);
  if (!row) throw new AppError("NOT_FOUND", "Tenant not found");
  const config = parseTenantConfig(JSON.parse(row.config));
  await updateTenantConfig(
    db,
    tenantId,
    JSON.stringify({ ...config, analytics: { ...config.analytics, retentionDays: days } }),
  );
  return days;
}
