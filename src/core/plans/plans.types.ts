import { z } from "zod";
import type { QuotaPeriod, RateLimitUnit } from "../../db/tables/gateway.tables";

export const RATE_LIMIT_UNITS = ["second", "minute", "hour", "day", "month", "year"] as const satisfies RateLimitUnit[];
export const QUOTA_PERIODS = ["day", "month", "year"] as const satisfies QuotaPeriod[];
export const PLAN_LIMITS = { maxPlansPerApi: 20, maxObjects: 20, maxFeatures: 30, maxEndpointsPerObject: 200 };

const endpointTemplate = z
  .string()
  .trim()
  .regex(/^(GET|PUT|POST|DELETE|OPTIONS|HEAD|PATCH|TRACE) \/\S*$/, "Endpoints are written 'METHOD /path'");

export const planObjectInput = z.object({
  name: z.string().trim().min(1, "The object needs a name").max(80),
  quota: z.number().int().min(1).max(1e12),
  quotaPeriod: z.enum(QUOTA_PERIODS).default("month"),
  hardLimit: z.boolean().default(true),
  overagePriceMicros: z.number().int().min(0).max(1e9).default(0),
  endpoints: z
    .array(endpointTemplate)
    .min(1, "An object is tied to at least one endpoint")
    .max(PLAN_LIMITS.maxEndpointsPerObject),
});

const planFields = {
  name: z.string().trim().min(1, "The plan needs a name").max(80),
  recommended: z.boolean(),
  private: z.boolean(),
  deprecated: z.boolean(),
  approvalRequired: z.boolean(),
  hardLimit: z.boolean(),
  overagePriceMicros: z.number().int().min(0).max(1e9),
  rateLimit: z.object({ count: z.number().int().min(1).max(1e9), unit: z.enum(RATE_LIMIT_UNITS) }).nullable(),
  quota: z.number().int().min(1).max(1e12).nullable(),
  quotaPeriod: z.enum(QUOTA_PERIODS),
  objects: z.array(planObjectInput).max(PLAN_LIMITS.maxObjects),
  features: z.array(z.string().trim().min(1).max(200)).max(PLAN_LIMITS.maxFeatures),
  monthlyPriceCents: z.number().int().min(0).max(1e9),
  currency: z.string().regex(/^[A-Z]{3}$/, "Currency is a three-letter ISO code"),
  position: z.number().int().min(0).max(1000),
};

export const createPlanInput = z.object({
  name: planFields.name,
  recommended: planFields.recommended.default(false),
  private: planFields.private.default(false),
  deprecated: planFields.deprecated.default(false),
  approvalRequired: planFields.approvalRequired.default(false),
  hardLimit: planFields.hardLimit.default(true),
  overagePriceMicros: planFields.overagePriceMicros.default(0),
  rateLimit: planFields.rateLimit.default(null),
  quota: planFields.quota.default(null),
  quotaPeriod: planFields.quotaPeriod.default("month"),
  objects: planFields.objects.default([]),
  features: planFields.features.default([]),
  monthlyPriceCents: planFields.monthlyPriceCents.default(0),
  currency: planFields.currency.default("USD"),
  position: planFields.position.optional(),
});

export const updatePlanInput = z.object({
  name: planFields.name.optional(),
  recommended: planFields.recommended.optional(),
  private: planFields.private.optional(),
  deprecated: planFields.deprecated.optional(),
  approvalRequired: planFields.approvalRequired.optional(),
  hardLimit: planFields.hardLimit.optional(),
  overagePriceMicros: planFields.overagePriceMicros.optional(),
  rateLimit: planFields.rateLimit.optional(),
  quota: planFields.quota.optional(),
  quotaPeriod: planFields.quotaPeriod.optional(),
  objects: planFields.objects.optional(),
  features: planFields.features.optional(),
  monthlyPriceCents: planFields.monthlyPriceCents.optional(),
  currency: planFields.currency.optional(),
  position: planFields.position.optional(),
});

export type CreatePlanInput = z.input<typeof createPlanInput>;
export type UpdatePlanInput = z.input<typeof updatePlanInput>;
export type PlanObjectInput = z.output<typeof planObjectInput>;

export interface PlanObject {
  id: string;
  name: string;
  quota: number;
  quotaPeriod: QuotaPeriod;
  hardLimit: boolean;
  overagePriceMicros: number;
  /** "METHOD /path" templates. */
  endpoints: string[];
}

/** A plan as the Pricing tab, the studio and the gateway see it. */
export interface Plan {
  id: string;
  tenantId: string;
  apiId: string;
  name: string;
  position: number;
  recommended: boolean;
  private: boolean;
  deprecated: boolean;
  approvalRequired: boolean;
  hardLimit: boolean;
  overagePriceMicros: number;
  rateLimit: { count: number; unit: RateLimitUnit } | null;
  quota: number | null;
  quotaPeriod: QuotaPeriod;
  objects: PlanObject[];
  features: string[];
  monthlyPriceCents: number;
  currency: string;
  isFree: boolean;
  /** Spec texts: 'no rate limit', 'one request per {unit}', '{count} requests per {unit}'. */
  rateLimitText: string;
  /** e.g. "1000 / mo". */
  quotaText: string;
  createdAt: number;
  updatedAt: number;
}
