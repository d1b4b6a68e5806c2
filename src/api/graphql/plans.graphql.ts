import { z } from "zod";
import { requireViewer } from "../../core/accounts/accounts.policy";
import { AppError } from "../../core/errors/app-error";
import { PERIOD_ABBREVIATIONS } from "../../core/plans/plan-texts";
import { createPlan, updatePlan } from "../../core/plans/plans.service";
import type { Plan } from "../../core/plans/plans.types";
import { getPlanForViewer, listPlansForViewer } from "../../core/plans/viewer-plans.service";
import { getApiGatewayMode, setApiGatewayMode } from "../../core/upstreams/upstreams.service";
import { toUseCaseContext } from "../../core/use-case-context";
import type { GraphQLContext } from "./graphql-context";
import { argsOf, iso } from "./graphql-paging";

export const plansTypeDefs = /* GraphQL */ `
  enum RateLimitUnit {
    SECOND
    MINUTE
    HOUR
    DAY
    MONTH
    YEAR
  }
  enum QuotaPeriod {
    DAY
    MONTH
    YEAR
  }
  enum GatewayMode {
    PROXY
    MOCK
  }
  type RateLimit {
    count: Int!
    unit: RateLimitUnit!
  }
  "A quota tied to some of the API's endpoints (spec: objects tied to endpoints)."
  type PlanObject {
    id: ID!
    name: String!
    quota: Float!
    quotaPeriod: QuotaPeriod!
    hardLimit: Boolean!
    overagePriceMicros: Int!
    "Endpoints as 'METHOD /path'."
    endpoints: [String!]!
  }
  "Spec section 3 Plan."
  type Plan {
    id: ID!
    apiId: ID!
    name: String!
    position: Int!
    recommended: Boolean!
    private: Boolean!
    deprecated: Boolean!
    approvalRequired: Boolean!
    hardLimit: Boolean!
    "Charge per request above the quota, in millionths of the currency unit."
    overagePriceMicros: Int!
    rateLimit: RateLimit
    "'no rate limit', 'one request per {unit}' or '{count} requests per {unit}'."
    rateLimitText: String!
    "null: unlimited."
    quota: Float
    quotaPeriod: QuotaPeriod!
    "day, mo or yr."
    quotaPeriodAbbreviation: String!
    "e.g. '1000 / mo'."
    quotaText: String!
    objects: [PlanObject!]!
    features: [String!]!
    monthlyPriceCents: Int!
    currency: String!
    isFree: Boolean!
    createdAt: String!
    updatedAt: String!
  }
  input RateLimitInput {
    count: Int!
    unit: RateLimitUnit!
  }
  input PlanObjectInput {
    name: String!
    quota: Float!
    quotaPeriod: QuotaPeriod
    hardLimit: Boolean
    overagePriceMicros: Int
    endpoints: [String!]!
  }
  "Omitted fields keep their value (or their default on create); rateLimit: null removes the rate limit."
  input PlanInput {
    name: String
    position: Int
    recommended: Boolean
    private: Boolean
    deprecated: Boolean
    approvalRequired: Boolean
    hardLimit: Boolean
    overagePriceMicros: Int
    rateLimit: RateLimitInput
    quota: Float
    quotaPeriod: QuotaPeriod
    objects: [PlanObjectInput!]
    features: [String!]
    monthlyPriceCents: Int
    currency: String
  }
  extend type Query {
    "The Pricing tab: an API's plans (private ones only for its provider)."
    apiPlans(apiId: ID!): [Plan!]!
    plan(id: ID!): Plan
    "Provider: whether the gateway proxies to the upstream or answers from the OpenAPI examples."
    apiGatewayMode(apiId: ID!): GatewayMode!
  }
  extend type Mutation {
    createPlan(apiId: ID!, input: PlanInput!): Plan!
    updatePlan(id: ID!, input: PlanInput!): Plan!
    setApiGatewayMode(apiId: ID!, mode: GatewayMode!): GatewayMode!
  }
`;

const id = z.string().min(1).max(64);

export function planNode(plan: Plan) {
  return {
    ...plan,
    rateLimit: plan.rateLimit ? { count: plan.rateLimit.count, unit: plan.rateLimit.unit.toUpperCase() } : null,
    quotaPeriod: plan.quotaPeriod.toUpperCase(),
    quotaPeriodAbbreviation: PERIOD_ABBREVIATIONS[plan.quotaPeriod],
    objects: plan.objects.map((o) => ({ ...o, quotaPeriod: o.quotaPeriod.toUpperCase() })),
    createdAt: iso(plan.createdAt),
    updatedAt: iso(plan.updatedAt),
  };
}

const lower = <T extends string>(value: T | null | undefined) =>
  value === null || value === undefined ? value : (value.toLowerCase() as Lowercase<T>);

/** GraphQL PlanInput (upper-case enums) → the core's input (lower-case); absent keys stay absent. */
function planInputOf(raw: Record<string, unknown>): Record<string, unknown> {
  const input: Record<string, unknown> = { ...raw };
  if (typeof raw.quotaPeriod === "string") input.quotaPeriod = lower(raw.quotaPeriod);
  const rate = raw.rateLimit as { count: number; unit: string } | null | undefined;
  if (rate) input.rateLimit = { count: rate.count, unit: lower(rate.unit) };
  if (Array.isArray(raw.objects)) {
    input.objects = raw.objects.map((o: Record<string, unknown>) => ({
      ...o,
      ...(typeof o.quotaPeriod === "string" ? { quotaPeriod: lower(o.quotaPeriod) } : {}),
    }));
  }
  for (const [key, value] of Object.entries(input)) if (value === undefined) delete input[key];
  return input;
}

export const plansResolvers = {
  Query: {
    apiPlans: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = argsOf(z.object({ apiId: id }), args);
      return (await listPlansForViewer(toUseCaseContext(ctx), a.apiId)).map(planNode);
    },
    plan: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const plan = await getPlanForViewer(toUseCaseContext(ctx), argsOf(z.object({ id }), args).id);
      return plan ? planNode(plan) : null;
    },
    apiGatewayMode: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = argsOf(z.object({ apiId: id }), args);
      return (await getApiGatewayMode(toUseCaseContext(ctx), a.apiId)).toUpperCase();
    },
  },
  Mutation: {
    createPlan: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const v = requireViewer(ctx.viewer, ctx.tenant.id);
      const a = argsOf(z.object({ apiId: id, input: z.record(z.string(), z.unknown()) }), args);
      const input = planInputOf(a.input);
      if (typeof input.name !== "string") throw new AppError("BAD_REQUEST", "The plan needs a name", { field: "name" });
      return planNode(
        await createPlan({ db: ctx.db, tenantId: ctx.tenant.id, viewer: v }, a.apiId, { ...input, name: input.name }),
      );
    },
    updatePlan: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const v = requireViewer(ctx.viewer, ctx.tenant.id);
      const a = argsOf(z.object({ id, input: z.record(z.string(), z.unknown()) }), args);
      return planNode(await updatePlan({ db: ctx.db, tenantId: ctx.tenant.id, viewer: v }, a.id, planInputOf(a.input)));
    },
    setApiGatewayMode: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const v = requireViewer(ctx.viewer, ctx.tenant.id);
      const a = argsOf(z.object({ apiId: id, mode: z.enum(["PROXY", "MOCK"]) }), args);
      const mode = await setApiGatewayMode(
        { db: ctx.db, tenantId: ctx.tenant.id, viewer: v },
        a.apiId,
        a.mode === "MOCK" ? "mock" : "proxy",
      );
      return mode.toUpperCase();
    },
  },
};
