import { z } from "zod";
import { createAlert, deleteAlert, listAlerts } from "../../core/analytics/alerts.service";
import { consumerAnalytics, providerAnalytics, tenantAnalytics } from "../../core/analytics/analytics.service";
import { getRequestLogEntry, searchRequestLog } from "../../core/analytics/request-log.service";
import type { GraphQLContext } from "./graphql-context";
import { argsOf } from "./graphql-paging";

/* Analytics (docs/decisions/090-analytics.md): thin over src/core/analytics; times are epoch milliseconds. */

export const analyticsTypeDefs = /* GraphQL */ `
  "A dashboard range: a preset (1h, 24h, 7d, 30d) ending now, or custom with from and to (epoch ms)."
  input AnalyticsRangeInput {
    preset: String!
    from: Float
    to: Float
  }
  type AnalyticsRange {
    preset: String!
    from: Float!
    to: Float!
    grainMs: Float!
  }
  type AnalyticsTotals {
    calls: Float!
    ok: Float!
    errors4xx: Float!
    errors5xx: Float!
    "Percent; null without calls."
    errorRate: Float
    rejected: Float!
    billable: Float!
    bytesIn: Float!
    bytesOut: Float!
  }
  type LatencyPercentiles {
    p50Ms: Float
    p95Ms: Float
    p99Ms: Float
    "Nearest-rank over every call (true) or estimated from latency histograms (false)."
    exact: Boolean!
  }
  type AnalyticsPoint {
    t: Float!
    calls: Float!
    ok: Float!
    errors4xx: Float!
    errors5xx: Float!
    errorRate: Float
    p50Ms: Float
    p95Ms: Float
    p99Ms: Float
  }
  type TopEndpoint {
    apiId: ID!
    apiName: String!
    endpoint: String!
    calls: Float!
    errorRate: Float
    p95Ms: Float
  }
  type TopConsumer {
    apiId: ID!
    apiName: String!
    appId: ID!
    appName: String!
    organization: String
    plan: String
    calls: Float!
    errorRate: Float
  }
  type QuotaUse {
    planId: ID!
    planName: String!
    apiName: String!
    subscriptions: Int!
    quota: Float
    quotaPeriod: String!
    used: Float!
    remaining: Float
    overage: Float!
  }
  type MoneyTotals {
    currency: String!
    chargesMinor: Float!
    overageMinor: Float!
    creditsMinor: Float!
    netMinor: Float!
  }
  type PlanRevenue {
    planId: ID!
    planName: String!
    currency: String!
    chargesMinor: Float!
    overageMinor: Float!
    creditsMinor: Float!
    netMinor: Float!
  }
  type PeriodRevenue {
    periodStart: Float!
    currency: String!
    chargesMinor: Float!
    overageMinor: Float!
    creditsMinor: Float!
    netMinor: Float!
  }
  type Revenue {
    totals: [MoneyTotals!]!
    byPlan: [PlanRevenue!]!
    byPeriod: [PeriodRevenue!]!
  }
  type AnalyticsDashboard {
    range: AnalyticsRange!
    totals: AnalyticsTotals!
    previous: AnalyticsTotals!
    percentiles: LatencyPercentiles!
    previousPercentiles: LatencyPercentiles!
    series: [AnalyticsPoint!]!
    topEndpoints: [TopEndpoint!]!
    topConsumers: [TopConsumer!]!
    quota: [QuotaUse!]!
    revenue: Revenue!
  }
  "One call of the request log: no bodies, headers or secrets are stored."
  type RequestLogEntry {
    requestId: String
    at: Float!
    apiId: ID!
    apiName: String
    endpoint: String!
    appId: String!
    appName: String
    keyId: String!
    planName: String
    status: Int!
    reason: String!
    billable: Boolean!
    latencyMs: Float!
    bytesIn: Float!
    bytesOut: Float!
  }
  type RequestLogPage {
    nodes: [RequestLogEntry!]!
    "Pass as before for the next page; null on the last."
    nextBefore: Float
  }
  type AnalyticsAlert {
    id: ID!
    apiId: ID
    apiName: String
    "error_rate (percent) or p95_ms"
    metric: String!
    threshold: Int!
    windowMinutes: Int!
    "ok or firing"
    state: String!
    lastValue: Float
    lastFiredAt: Float
  }
  extend type Query {
    "Provider: one API they manage, or every API they own."
    providerAnalytics(apiId: ID, range: AnalyticsRangeInput!): AnalyticsDashboard!
    "Consumer: one of their apps, optionally one API it calls."
    appAnalytics(appId: ID!, apiId: ID, range: AnalyticsRangeInput!): AnalyticsDashboard!
    "Tenant admin: the whole marketplace."
    tenantAnalytics(range: AnalyticsRangeInput!): AnalyticsDashboard!
    "audience provider (calls to the viewer's APIs) or consumer (calls of the viewer's app appId)."
    requestLog(
      audience: String!
      appId: ID
      apiId: ID
      status: String
      endpoint: String
      requestId: String
      range: AnalyticsRangeInput!
      before: Float
    ): RequestLogPage!
    requestLogEntry(audience: String!, requestId: String!, at: Float!, appId: ID): RequestLogEntry!
    "The viewer's alerts."
    analyticsAlerts: [AnalyticsAlert!]!
  }
  extend type Mutation {
    createAnalyticsAlert(apiId: ID, metric: String!, threshold: Int!, windowMinutes: Int!): AnalyticsAlert!
    deleteAnalyticsAlert(id: ID!): Boolean!
  }
`;

const id = z.string().min(1).max(100);
const range = z.object({ preset: z.string().max(20), from: z.number().nullish(), to: z.number().nullish() });
const audience = z.enum(["provider", "consumer"], { error: "Unknown audience: use provider or consumer" });

function logNode(r: Awaited<ReturnType<typeof getRequestLogEntry>>) {
  return { ...r, latencyMs: Math.round(r.latencyUs / 10) / 100 };
}

export const analyticsResolvers = {
  Query: {
    providerAnalytics: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = argsOf(z.object({ apiId: id.nullish(), range }), args);
      return (await providerAnalytics({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, a)).dashboard;
    },
    appAnalytics: (_: unknown, args: unknown, ctx: GraphQLContext) =>
      consumerAnalytics(
        { db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer },
        argsOf(z.object({ appId: id, apiId: id.nullish(), range }), args),
      ),
    tenantAnalytics: (_: unknown, args: unknown, ctx: GraphQLContext) =>
      tenantAnalytics({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, argsOf(z.object({ range }), args)),
    requestLog: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = argsOf(
        z.object({
          audience,
          appId: id.nullish(),
          apiId: id.nullish(),
          status: z.string().max(10).nullish(),
          endpoint: z.string().max(400).nullish(),
          requestId: z.string().max(200).nullish(),
          range,
          before: z.number().nullish(),
        }),
        args,
      );
      const page = await searchRequestLog({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, a);
      return { nodes: page.rows.map(logNode), nextBefore: page.nextBefore };
    },
    requestLogEntry: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = argsOf(
        z.object({ audience, requestId: z.string().min(1).max(200), at: z.number(), appId: id.nullish() }),
        args,
      );
      return logNode(await getRequestLogEntry({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, a));
    },
    analyticsAlerts: (_: unknown, __: unknown, ctx: GraphQLContext) =>
      listAlerts({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }),
  },
  Mutation: {
    createAnalyticsAlert: (_: unknown, args: unknown, ctx: GraphQLContext) =>
      createAlert({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, args),
    deleteAnalyticsAlert: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      await deleteAlert({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, argsOf(z.object({ id }), args).id);
      return true;
    },
  },
};
