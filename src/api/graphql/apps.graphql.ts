import { z } from "zod";
import type { Config } from "../../config";
import { requireViewer } from "../../core/accounts/accounts.policy";
import {
  createApp,
  createAppKey,
  deleteApp,
  getApp,
  listAppKeys,
  listApps,
  renameApp,
  revokeAppKey,
  rotateAppKey,
} from "../../core/apps/apps.service";
import type { App, AppKey, IssuedKey } from "../../core/apps/apps.types";
import { summarizeApiUsage, summarizeAppUsage, type UsageSummary } from "../../core/metering/metering.service";
import { getPlan } from "../../core/plans/plans.service";
import {
  decideSubscription,
  listSubscriptionsOfApi,
  listSubscriptionsOfApp,
  type Subscription,
  unsubscribe,
} from "../../core/subscriptions/subscriptions.service";
import type { GraphQLContext } from "./graphql-context";
import { argsOf, iso } from "./graphql-paging";
import { planNode } from "./plans.graphql";

export const appsTypeDefs = /* GraphQL */ `
  enum AppKeyStatus {
    ACTIVE
    "Rotated: works until expiresAt (the overlap window)."
    EXPIRING
    EXPIRED
    REVOKED
  }
  type AppKey {
    id: ID!
    name: String!
    "The first characters of the key, enough to tell keys apart."
    prefix: String!
    status: AppKeyStatus!
    createdAt: String!
    expiresAt: String
    revokedAt: String
  }
  type IssuedAppKey {
    key: AppKey!
    "The full API key. Shown once: it is stored only as a hash."
    secret: String!
  }
  "Spec section 3/4 subscription states."
  enum SubscriptionStatus {
    UNSUBSCRIBED
    SUBSCRIBED
    PENDING_APPROVAL
    ACCESS_REJECTED
    SUSPENDED
  }
  enum SubscriptionDecision {
    APPROVE
    REJECT
    SUSPEND
    REACTIVATE
  }
  type AppSubscription {
    id: ID!
    appId: ID!
    apiId: ID!
    planId: ID!
    plan: Plan
    status: SubscriptionStatus!
    createdAt: String!
    updatedAt: String!
  }
  type UsagePoint {
    minute: String!
    calls: Int!
    errors: Int!
    billable: Int!
  }
  type UsageSummary {
    calls: Int!
    billable: Int!
    rejected: Int!
    errors4xx: Int!
    errors5xx: Int!
    bytesIn: Float!
    bytesOut: Float!
    p50Ms: Float
    p95Ms: Float
    p99Ms: Float
    "Per minute, oldest first."
    series: [UsagePoint!]!
  }
  type App {
    id: ID!
    name: String!
    description: String
    "Context: null for the personal context."
    organizationId: ID
    teamId: ID
    createdAt: String!
    updatedAt: String!
    keys: [AppKey!]!
    subscriptions: [AppSubscription!]!
    "Calls of the last sinceMinutes minutes (max 93 days)."
    usage(sinceMinutes: Int = 60): UsageSummary!
  }
  "How consumers call APIs: {baseUrl}/{owner}/{api-slug}/{path} with the key header (and the tenant header)."
  type GatewayInfo {
    baseUrl: String!
    keyHeader: String!
    tenantHeader: String!
  }
  extend type Query {
    "My Apps: the apps of the personal context, or of an organization (and team) the viewer belongs to."
    myApps(organizationId: ID, teamId: ID): [App!]!
    app(id: ID!): App
    gateway: GatewayInfo!
    "Provider: subscriptions to one of the viewer's APIs, in every state."
    apiSubscriptions(apiId: ID!): [AppSubscription!]!
    "Provider: traffic of one of the viewer's APIs."
    apiUsage(apiId: ID!, sinceMinutes: Int = 60): UsageSummary!
  }
  extend type Mutation {
    createApp(name: String!, description: String, organizationId: ID, teamId: ID): App!
    updateApp(id: ID!, name: String, description: String): App!
    deleteApp(id: ID!): Boolean!
    createAppKey(appId: ID!, name: String): IssuedAppKey!
    "Issues a new key; the old one keeps working for overlapSeconds (default 86400, 0 ends it now)."
    rotateAppKey(keyId: ID!, overlapSeconds: Int): IssuedAppKey!
    revokeAppKey(keyId: ID!): AppKey!
    unsubscribe(subscriptionId: ID!): AppSubscription!
    "Provider: approve or reject a pending subscription, suspend or reactivate one."
    decideSubscription(subscriptionId: ID!, decision: SubscriptionDecision!): AppSubscription!
  }
`;

const id = z.string().min(1).max(64);
const sinceMinutes = z
  .number()
  .int()
  .min(1)
  .max(93 * 24 * 60)
  .nullish();

export function appKeyNode(key: AppKey) {
  return {
    ...key,
    createdAt: iso(key.createdAt),
    expiresAt: key.expiresAt === null ? null : iso(key.expiresAt),
    revokedAt: key.revokedAt === null ? null : iso(key.revokedAt),
  };
}

function issuedNode(issued: IssuedKey) {
  return { key: appKeyNode(issued.key), secret: issued.secret };
}

export function subscriptionNode(sub: Subscription) {
  return {
    id: sub.id,
    appId: sub.appId,
    apiId: sub.apiId,
    planId: sub.planId,
    status: sub.status.toUpperCase(),
    createdAt: iso(sub.createdAt),
    updatedAt: iso(sub.updatedAt),
    // Billing fields (billing.graphql.ts extends AppSubscription with them).
    currentPeriodEnd: sub.currentPeriodEnd === null ? null : iso(sub.currentPeriodEnd),
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    priceMinor: sub.priceMinor,
    pastDueMinor: sub.pastDueMinor,
    currency: sub.currency,
    coveredBySubscriptionId: sub.coveredBySubscriptionId,
    organizationId: sub.organizationId,
    teamId: sub.teamId,
    planRequest: sub.planRequest,
  };
}

function usageNode(summary: UsageSummary) {
  const ms = (us: number | null) => (us === null ? null : us / 1000);
  return {
    ...summary,
    p50Ms: ms(summary.p50Us),
    p95Ms: ms(summary.p95Us),
    p99Ms: ms(summary.p99Us),
    series: summary.series.map((p) => ({ ...p, minute: iso(p.minute) })),
  };
}

function appNode(app: App) {
  return { ...app, createdAt: iso(app.createdAt), updatedAt: iso(app.updatedAt) };
}

type AppParent = ReturnType<typeof appNode>;

function range(minutes: number | null | undefined) {
  const to = Date.now() + 60_000;
  return { from: to - 60_000 - (minutes ?? 60) * 60_000, to };
}

/** Resolvers over src/core/apps, subscriptions and metering; the gateway URL comes from config. */
export function createAppsResolvers(config: Pick<Config, "GATEWAY_PUBLIC_URL" | "GATEWAY_PORT">) {
  const baseUrl = (config.GATEWAY_PUBLIC_URL ?? `http://localhost:${config.GATEWAY_PORT}`).replace(/\/$/, "");
  return {
    App: {
      keys: async (app: AppParent, _: unknown, ctx: GraphQLContext) => {
        const v = requireViewer(ctx.viewer, ctx.tenant.id);
        return (await listAppKeys({ db: ctx.db, tenantId: ctx.tenant.id, viewer: v }, app.id)).map(appKeyNode);
      },
      subscriptions: async (app: AppParent, _: unknown, ctx: GraphQLContext) => {
        const v = requireViewer(ctx.viewer, ctx.tenant.id);
        return (await listSubscriptionsOfApp({ db: ctx.db, tenantId: ctx.tenant.id, viewer: v }, app.id)).map(
          subscriptionNode,
        );
      },
      usage: async (app: AppParent, args: unknown, ctx: GraphQLContext) => {
        const v = requireViewer(ctx.viewer, ctx.tenant.id);
        const a = argsOf(z.object({ sinceMinutes }), args);
        return usageNode(
          await summarizeAppUsage({ db: ctx.db, tenantId: ctx.tenant.id, viewer: v }, app.id, range(a.sinceMinutes)),
        );
      },
    },
    AppSubscription: {
      plan: async (sub: { planId: string }, _: unknown, ctx: GraphQLContext) => {
        const plan = await getPlan(ctx.db, ctx.tenant.id, sub.planId);
        return plan ? planNode(plan) : null;
      },
    },
    Query: {
      myApps: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        const v = requireViewer(ctx.viewer, ctx.tenant.id);
        const a = argsOf(z.object({ organizationId: id.nullish(), teamId: id.nullish() }), args);
        return (await listApps({ db: ctx.db, tenantId: ctx.tenant.id, viewer: v }, a)).map(appNode);
      },
      app: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        const v = requireViewer(ctx.viewer, ctx.tenant.id);
        return appNode(
          await getApp({ db: ctx.db, tenantId: ctx.tenant.id, viewer: v }, argsOf(z.object({ id }), args).id),
        );
      },
      gateway: () => ({ baseUrl, keyHeader: "X-Api-Key", tenantHeader: "x-tenant-id" }),
      apiSubscriptions: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        const v = requireViewer(ctx.viewer, ctx.tenant.id);
        const a = argsOf(z.object({ apiId: id }), args);
        return (await listSubscriptionsOfApi({ db: ctx.db, tenantId: ctx.tenant.id, viewer: v }, a.apiId)).map(
          subscriptionNode,
        );
      },
      apiUsage: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        const v = requireViewer(ctx.viewer, ctx.tenant.id);
        const a = argsOf(z.object({ apiId: id, sinceMinutes }), args);
        return usageNode(
          await summarizeApiUsage({ db: ctx.db, tenantId: ctx.tenant.id, viewer: v }, a.apiId, range(a.sinceMinutes)),
        );
      },
    },
    Mutation: {
      createApp: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        const v = requireViewer(ctx.viewer, ctx.tenant.id);
        const a = argsOf(
          z.object({
            name: z.string(),
            description: z.string().nullish(),
            organizationId: id.nullish(),
            teamId: id.nullish(),
          }),
          args,
        );
        const app = await createApp(
          { db: ctx.db, tenantId: ctx.tenant.id, viewer: v },
          {
            name: a.name,
            description: a.description ?? null,
            context: { organizationId: a.organizationId ?? null, teamId: a.teamId ?? null },
          },
        );
        return appNode(app);
      },
      updateApp: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        const v = requireViewer(ctx.viewer, ctx.tenant.id);
        const a = argsOf(z.object({ id, name: z.string().nullish(), description: z.string().nullish() }), args);
        return appNode(
          await renameApp({ db: ctx.db, tenantId: ctx.tenant.id, viewer: v }, a.id, {
            name: a.name ?? undefined,
            description: a.description,
          }),
        );
      },
      deleteApp: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        const v = requireViewer(ctx.viewer, ctx.tenant.id);
        await deleteApp({ db: ctx.db, tenantId: ctx.tenant.id, viewer: v }, argsOf(z.object({ id }), args).id);
        return true;
      },
      createAppKey: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        const v = requireViewer(ctx.viewer, ctx.tenant.id);
        const a = argsOf(z.object({ appId: id, name: z.string().nullish() }), args);
        return issuedNode(await createAppKey({ db: ctx.db, tenantId: ctx.tenant.id, viewer: v }, a.appId, a.name));
      },
      rotateAppKey: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        const v = requireViewer(ctx.viewer, ctx.tenant.id);
        const a = argsOf(z.object({ keyId: id, overlapSeconds: z.number().int().nullish() }), args);
        return issuedNode(
          await rotateAppKey(
            { db: ctx.db, tenantId: ctx.tenant.id, viewer: v },
            a.keyId,
            a.overlapSeconds ?? undefined,
          ),
        );
      },
      revokeAppKey: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        const v = requireViewer(ctx.viewer, ctx.tenant.id);
        return appKeyNode(
          await revokeAppKey(
            { db: ctx.db, tenantId: ctx.tenant.id, viewer: v },
            argsOf(z.object({ keyId: id }), args).keyId,
          ),
        );
      },
      unsubscribe: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        const v = requireViewer(ctx.viewer, ctx.tenant.id);
        const a = argsOf(z.object({ subscriptionId: id }), args);
        return subscriptionNode(
          await unsubscribe({ db: ctx.db, tenantId: ctx.tenant.id, viewer: v }, a.subscriptionId),
        );
      },
      decideSubscription: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        const v = requireViewer(ctx.viewer, ctx.tenant.id);
        const a = argsOf(
          z.object({ subscriptionId: id, decision: z.enum(["APPROVE", "REJECT", "SUSPEND", "REACTIVATE"]) }),
          args,
        );
        const decision = a.decision.toLowerCase() as "approve" | "reject" | "suspend" | "reactivate";
        // Approving a paid request charges its first period (decision 045).
        const deps = { processor: ctx.providers.payments };
        return subscriptionNode(
          await decideSubscription(
            { db: ctx.db, tenantId: ctx.tenant.id, viewer: v },
            a.subscriptionId,
            decision,
            deps,
          ),
        );
      },
    },
  };
}
