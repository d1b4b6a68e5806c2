import type { Insertable } from "kysely";
import { newId } from "../../common/ids";
import type { Db } from "../../db/connection";
import type { PlanObjectRow, PlanObjectsTable, PlanRow, PlansTable } from "../../db/tables/gateway.tables";
import { requireViewer } from "../accounts/accounts.policy";
import { AppError } from "../errors/app-error";
import type { UseCaseContext } from "../use-case-context";
import { withPlanWrite } from "./api-pricing";
import { announceGatewayChange } from "./gateway-changes";
import { quotaText, rateLimitText } from "./plan-texts";
import { assertCanManageApi } from "./plans.policy";
import {
  countPlansForApi,
  insertPlanWithObjects,
  selectEndpointTemplates,
  selectPlanById,
  selectPlanObjects,
  selectPlansForApi,
  updatePlanWithObjects,
} from "./plans.queries";
import {
  type CreatePlanInput,
  createPlanInput,
  PLAN_LIMITS,
  type Plan,
  type PlanObjectInput,
  type UpdatePlanInput,
  updatePlanInput,
} from "./plans.types";

function parseStrings(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

/** Row → view model (texts included), shared by the Pricing tab, studio and gateway. */
export function toPlan(row: PlanRow, objects: readonly PlanObjectRow[]): Plan {
  const rateLimit =
    row.rate_limit_count !== null && row.rate_limit_unit !== null
      ? { count: row.rate_limit_count, unit: row.rate_limit_unit }
      : null;
  return {
    id: row.id,
    tenantId: row.tenant_id,
    apiId: row.api_id,
    name: row.name,
    position: row.position,
    recommended: row.recommended === 1,
    private: row.private === 1,
    deprecated: row.deprecated === 1,
    approvalRequired: row.approval_required === 1,
    hardLimit: row.hard_limit === 1,
    overagePriceMicros: Number(row.overage_price_micros),
    rateLimit,
    quota: row.quota === null ? null : Number(row.quota),
    quotaPeriod: row.quota_period,
    objects: objects
      .filter((o) => o.plan_id === row.id)
      .map((o) => ({
        id: o.id,
        name: o.name,
        quota: Number(o.quota),
        quotaPeriod: o.quota_period,
        hardLimit: o.hard_limit === 1,
        overagePriceMicros: Number(o.overage_price_micros),
        endpoints: parseStrings(o.endpoints_json),
      })),
    features: parseStrings(row.features_json),
    monthlyPriceCents: Number(row.monthly_price_cents),
    currency: row.currency,
    isFree: Number(row.monthly_price_cents) === 0,
    rateLimitText: rateLimitText(rateLimit),
    quotaText: quotaText(row.quota === null ? null : Number(row.quota), row.quota_period),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** The plans of an API for its Pricing tab: private plans only for the provider (`includePrivate`). */
export async function listPlansForApi(
  db: Db,
  tenantId: string,
  apiId: string,
  options: { includePrivate?: boolean } = {},
): Promise<Plan[]> {
  const rows = await selectPlansForApi(db, tenantId, apiId);
  const visible = options.includePrivate ? rows : rows.filter((r) => r.private === 0);
  const objects = await selectPlanObjects(
    db,
    tenantId,
    visible.map((r) => r.id),
  );
  return visible.map((r) => toPlan(r, objects));
}

/** One plan with its objects, or null. */
export async function getPlan(db: Db, tenantId: string, planId: string): Promise<Plan | null> {
  const row = await selectPlanById(db, tenantId, planId);
  if (!row) return null;
  return toPlan(row, await selectPlanObjects(db, tenantId, [row.id]));
}

function firstIssue(error: { issues: Array<{ message: string; path: PropertyKey[] }> }): AppError {
  const issue = error.issues[0];
  const where = issue?.path.map(String).join(".") ?? "";
  return new AppError("BAD_REQUEST", issue ? issue.message : "Invalid plan", where ? { field: where } : undefined);
}

async function objectRows(
  db: Db,
  tenantId: string,
  apiId: string,
  planId: string,
  objects: readonly PlanObjectInput[],
): Promise<Array<Insertable<PlanObjectsTable>>> {
  if (objects.length === 0) return [];
  const known = new Set(await selectEndpointTemplates(db, tenantId, apiId));
  return objects.map((o, position) => {
    const endpoints = [...new Set(o.endpoints.map((e) => e.trim()))];
    for (const e of endpoints) {
      if (!known.has(e))
        throw new AppError("BAD_REQUEST", `Unknown endpoint '${e}' for this API`, { field: "objects" });
    }
    return {
      id: newId("pob"),
      tenant_id: tenantId,
      plan_id: planId,
      name: o.name,
      position,
      quota: o.quota,
      quota_period: o.quotaPeriod,
      hard_limit: o.hardLimit ? 1 : 0,
      overage_price_micros: o.overagePriceMicros,
      endpoints_json: JSON.stringify(endpoints),
    };
  });
}

function assertCoherent(plan: { hardLimit: boolean; quota: number | null; overagePriceMicros: number }): void {
  if (!plan.hardLimit && plan.quota === null && plan.overagePriceMicros > 0) {
    throw new AppError("BAD_REQUEST", "Overage needs a quota: set a quota or remove the overage price", {
      field: "overagePriceMicros",
    });
  }
}

/** Provider side: adds a plan to an API the viewer owns. */
export async function createPlan(ctx: UseCaseContext, apiId: string, input: CreatePlanInput): Promise<Plan> {
  const { db, tenantId } = ctx;
  const viewerId = requireViewer(ctx.viewer, ctx.tenantId).id;
  await assertCanManageApi(db, tenantId, viewerId, apiId);
  const parsed = createPlanInput.safeParse(input);
  if (!parsed.success) throw firstIssue(parsed.error);
  const p = parsed.data;
  assertCoherent(p);
  const count = await countPlansForApi(db, tenantId, apiId);
  if (count >= PLAN_LIMITS.maxPlansPerApi) {
    throw new AppError("CONFLICT", `An API can have at most ${PLAN_LIMITS.maxPlansPerApi} plans`);
  }
  const now = Date.now();
  const id = newId("pln");
  const row: Insertable<PlansTable> = {
    id,
    tenant_id: tenantId,
    api_id: apiId,
    name: p.name,
    position: p.position ?? count,
    recommended: p.recommended ? 1 : 0,
    private: p.private ? 1 : 0,
    deprecated: p.deprecated ? 1 : 0,
    approval_required: p.approvalRequired ? 1 : 0,
    hard_limit: p.hardLimit ? 1 : 0,
    overage_price_micros: p.overagePriceMicros,
    rate_limit_count: p.rateLimit?.count ?? null,
    rate_limit_unit: p.rateLimit?.unit ?? null,
    quota: p.quota,
    quota_period: p.quotaPeriod,
    features_json: JSON.stringify(p.features),
    monthly_price_cents: p.monthlyPriceCents,
    currency: p.currency,
    created_at: now,
    updated_at: now,
  };
  const objects = await objectRows(db, tenantId, apiId, id, p.objects);
  await withPlanWrite(db, tenantId, apiId, (tx) => insertPlanWithObjects(tx, row, objects));
  const plan = await getPlan(db, tenantId, id);
  if (!plan) throw new AppError("INTERNAL", "The plan was not saved");
  return plan;
}

/** Provider side: changes a plan; the gateway applies the change within seconds. */
export async function updatePlan(ctx: UseCaseContext, planId: string, input: UpdatePlanInput): Promise<Plan> {
  const { db, tenantId } = ctx;
  const viewerId = requireViewer(ctx.viewer, ctx.tenantId).id;
  const existing = await getPlan(db, tenantId, planId);
  if (!existing) throw new AppError("NOT_FOUND", "Plan not found");
  await assertCanManageApi(db, tenantId, viewerId, existing.apiId);
  const parsed = updatePlanInput.safeParse(input);
  if (!parsed.success) throw firstIssue(parsed.error);
  const p = parsed.data;
  const merged = {
    hardLimit: p.hardLimit ?? existing.hardLimit,
    quota: p.quota === undefined ? existing.quota : p.quota,
    overagePriceMicros: p.overagePriceMicros ?? existing.overagePriceMicros,
  };
  assertCoherent(merged);
  const flag = (v: boolean | undefined) => (v === undefined ? undefined : v ? (1 as const) : (0 as const));
  const changes = {
    name: p.name,
    position: p.position,
    recommended: flag(p.recommended),
    private: flag(p.private),
    deprecated: flag(p.deprecated),
    approval_required: flag(p.approvalRequired),
    hard_limit: flag(p.hardLimit),
    overage_price_micros: p.overagePriceMicros,
    rate_limit_count: p.rateLimit === undefined ? undefined : (p.rateLimit?.count ?? null),
    rate_limit_unit: p.rateLimit === undefined ? undefined : (p.rateLimit?.unit ?? null),
    quota: p.quota,
    quota_period: p.quotaPeriod,
    features_json: p.features === undefined ? undefined : JSON.stringify(p.features),
    monthly_price_cents: p.monthlyPriceCents,
    currency: p.currency,
    updated_at: Date.now(),
  };
  const objects = p.objects === undefined ? null : await objectRows(db, tenantId, existing.apiId, planId, p.objects);
  await withPlanWrite(db, tenantId, existing.apiId, (tx) =>
    updatePlanWithObjects(tx, tenantId, planId, changes, objects),
  );
  announceGatewayChange({ kind: "plan", planId });
  const plan = await getPlan(db, tenantId, planId);
  if (!plan) throw new AppError("INTERNAL", "The plan was not saved");
  return plan;
}
