import { hash } from "node:crypto";
import { selectKeyByHash } from "../core/apps/apps.queries";
import type { GatewayChange } from "../core/plans/gateway-changes";
import { rateLimitWindowMs } from "../core/plans/plan-texts";
import { getPlan } from "../core/plans/plans.service";
import type { Plan } from "../core/plans/plans.types";
import { selectSubscription } from "../core/subscriptions/subscriptions.queries";
import { type MockResponse, mockResponse } from "../core/upstreams/mock-response";
import { DEMO_UPSTREAM_SCHEME, isPrivateHost } from "../core/upstreams/ssrf-guard";
import { selectEndpointsOfVersion, selectGatewayApi, selectNormalizedDoc } from "../core/upstreams/upstreams.queries";
import type { Db } from "../db/connection";
import type { GatewayMode, SubscriptionStatus } from "../db/tables/gateway.tables";
import type { LimitRequest, QuotaSpec } from "../infra/counters/counter-store";
import type { WindowSpec } from "../infra/counters/sliding-window";
import { compileEndpoints, type EndpointMatcher } from "./endpoint-matcher";
import { TtlCache } from "./ttl-cache";

export interface GatewayApi {
  apiId: string;
  tenantId: string;
  name: string;
  mode: GatewayMode;
  /** Where calls go; null when the API has no usable upstream (see blockedReason). */
  upstream: { origin: string; basePath: string; trusted: boolean } | null;
  blockedReason: string | null;
  matcher: EndpointMatcher;
  versionId: string | null;
}

export interface GatewayKey {
  keyId: string;
  appId: string;
  userId: string;
  expiresAt: number | null;
  revokedAt: number | null;
}

export interface GatewaySubscription {
  id: string;
  appId: string;
  apiId: string;
  status: SubscriptionStatus;
  plan: Plan;
  rate: WindowSpec | null;
  planQuota: QuotaSpec;
  objects: Array<{ quota: QuotaSpec; endpoints: Set<string> }>;
  /** The plan name as the x-portico-plan-name header carries it (percent-encoded once, not per call). */
  planNameHeader: string;
  /** The counter request of a call to `endpoint` (null: no documented endpoint), built once per endpoint. */
  limitRequest(endpoint: string | null): LimitRequest;
}

/** sha256 hex of a key, as hashApiKey computes it (core/apps/api-key.ts), with the one-shot hash (no Hash object). */
export function gatewayKeyHash(secret: string): string {
  return hash("sha256", secret, "hex");
}

function subscriptionEntry(
  tenantId: string,
  row: { id: string; status: SubscriptionStatus },
  appId: string,
  apiId: string,
  plan: Plan,
): GatewaySubscription {
  const limits = limitsOfPlan(plan);
  const requests = new Map<string | null, LimitRequest>();
  return {
    id: row.id,
    appId,
    apiId,
    status: row.status,
    plan,
    ...limits,
    planNameHeader: encodeURIComponent(plan.name),
    limitRequest(endpoint) {
      let request = requests.get(endpoint);
      if (!request) {
        const quotas = [limits.planQuota];
        if (endpoint) for (const o of limits.objects) if (o.endpoints.has(endpoint)) quotas.push(o.quota);
        request = { tenantId, subscriptionId: row.id, rate: limits.rate, quotas };
        if (requests.size < 1_000) requests.set(endpoint, request);
      }
      return request;
    },
  };
}

export interface DirectoryOptions {
  ttlMs: number;
  allowPrivateUpstreams: boolean;
  /** Origin of the in-process demo upstreams, when running. */
  demoOrigin: string | null;
}

/** The plan's limits as counter specs: the plan quota (always counted, for billing) and each object's quota. */
export function limitsOfPlan(plan: Plan): Pick<GatewaySubscription, "rate" | "planQuota" | "objects"> {
  return {
    rate: plan.rateLimit ? { limit: plan.rateLimit.count, windowMs: rateLimitWindowMs(plan.rateLimit.unit) } : null,
    planQuota: { scope: "plan", limit: plan.quota, period: plan.quotaPeriod, hard: plan.hardLimit },
    objects: plan.objects.map((o) => ({
      quota: { scope: o.id, limit: o.quota, period: o.quotaPeriod, hard: o.hardLimit },
      endpoints: new Set(o.endpoints),
    })),
  };
}

/**
 * The data plane's read model: APIs by address, keys by hash, subscriptions by (app, API), cached in memory for
 * ttlMs and dropped at once on an announced change, so a cache hit costs no database round trip.
 */
export class GatewayDirectory {
  private readonly apis: TtlCache<GatewayApi | null>;
  /**
   * Keys by (tenant, key as sent): a hit costs no sha256 (the hash was the largest item of the lookup). The key's hash
   * rides along for invalidation. Plain keys stay in this process's memory for the TTL, as they pass through it anyway.
   */
  private readonly keys: TtlCache<{ keyHash: string; key: GatewayKey | null }>;
  private readonly subscriptions: TtlCache<GatewaySubscription | null>;
  private readonly mocks: TtlCache<Map<string, MockResponse>>;

  constructor(
    private readonly db: Db,
    private readonly options: DirectoryOptions,
  ) {
    this.apis = new TtlCache(options.ttlMs, 10_000);
    this.keys = new TtlCache(options.ttlMs, 50_000);
    this.subscriptions = new TtlCache(options.ttlMs, 50_000);
    this.mocks = new TtlCache(Math.max(options.ttlMs, 60_000), 1_000);
  }

  api(tenantId: string, owner: string, slug: string): GatewayApi | null | Promise<GatewayApi | null> {
    return this.apis.get(`${tenantId}\u0000${owner}\u0000${slug}`, () => this.loadApi(tenantId, owner, slug));
  }

  key(tenantId: string, secret: string): GatewayKey | null | Promise<GatewayKey | null> {
    const entry = this.keys.get(`${tenantId}\u0000${secret}`, async () => {
      const keyHash = gatewayKeyHash(secret);
      const row = await selectKeyByHash(this.db, tenantId, keyHash);
      if (!row) return { keyHash, key: null };
      const key: GatewayKey = {
        keyId: row.keyId,
        appId: row.appId,
        userId: row.ownerUserId,
        expiresAt: row.expiresAt === null ? null : Number(row.expiresAt),
        revokedAt: row.revokedAt === null ? null : Number(row.revokedAt),
      };
      return { keyHash, key };
    });
    return entry instanceof Promise ? entry.then((e) => e.key) : entry.key;
  }

  subscription(
    tenantId: string,
    appId: string,
    apiId: string,
  ): GatewaySubscription | null | Promise<GatewaySubscription | null> {
    return this.subscriptions.get(`${appId}\u0000${apiId}`, async () => {
      const row = await selectSubscription(this.db, tenantId, appId, apiId);
      if (!row) return null;
      const plan = await getPlan(this.db, tenantId, row.plan_id);
      if (!plan) return null;
      // An app covered by its organization's subscription (decision 042) counts and bills on that subscription.
      const counted = { id: row.covered_by_subscription_id ?? row.id, status: row.status };
      return subscriptionEntry(tenantId, counted, appId, apiId, plan);
    });
  }

  /** Mock-mode answers of an API's current version, keyed by endpoint template. */
  mockResponses(api: GatewayApi): Map<string, MockResponse> | Promise<Map<string, MockResponse>> {
    return this.mocks.get(`${api.apiId}\u0000${api.versionId ?? ""}`, async () => {
      const out = new Map<string, MockResponse>();
      if (!api.versionId) return out;
      const docText = await selectNormalizedDoc(this.db, api.tenantId, api.versionId);
      const doc = parseRecord(docText ?? "{}");
      for (const e of await selectEndpointsOfVersion(this.db, api.tenantId, api.versionId)) {
        out.set(`${e.method.toUpperCase()} ${e.path}`, mockResponse(doc, parseRecord(e.responses_json)));
      }
      return out;
    });
  }

  private async loadApi(tenantId: string, owner: string, slug: string): Promise<GatewayApi | null> {
    const row = await selectGatewayApi(this.db, tenantId, owner, slug);
    if (!row) return null;
    const endpoints = row.versionId ? await selectEndpointsOfVersion(this.db, tenantId, row.versionId) : [];
    const { upstream, blockedReason } = this.resolveUpstream(row.upstreamUrl);
    return {
      apiId: row.apiId,
      tenantId,
      name: row.name,
      mode: row.mode ?? "proxy",
      upstream,
      blockedReason,
      matcher: compileEndpoints(endpoints.map((e) => `${e.method.toUpperCase()} ${e.path}`)),
      versionId: row.versionId,
    };
  }

  private resolveUpstream(value: string | null): Pick<GatewayApi, "upstream" | "blockedReason"> {
    if (!value) return { upstream: null, blockedReason: "This API has no upstream URL" };
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return { upstream: null, blockedReason: "This API's upstream URL is not valid" };
    }
    if (url.protocol === DEMO_UPSTREAM_SCHEME) {
      if (!this.options.demoOrigin) return { upstream: null, blockedReason: "The demo upstreams are not running" };
      return {
        upstream: {
          origin: this.options.demoOrigin,
          basePath: `/${url.hostname}${trimSlash(url.pathname)}`,
          trusted: true,
        },
        blockedReason: null,
      };
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      return { upstream: null, blockedReason: "This API's upstream URL is not http or https" };
    }
    if (!this.options.allowPrivateUpstreams && isPrivateHost(url.hostname)) {
      return { upstream: null, blockedReason: "This API's upstream address is private and not allowed" };
    }
    return { upstream: { origin: url.origin, basePath: trimSlash(url.pathname), trusted: false }, blockedReason: null };
  }

  /** Drops what a change affects; the next call reloads it. */
  invalidate(change: GatewayChange): void {
    switch (change.kind) {
      case "key":
        this.keys.deleteWhere((value) => value.keyHash === change.keyHash);
        return;
      case "app":
        this.keys.deleteWhere((value) => value.key?.appId === change.appId);
        this.subscriptions.deleteWhere(
          (value, key) => key.startsWith(`${change.appId}\u0000`) || value?.appId === change.appId,
        );
        return;
      case "subscription":
        this.subscriptions.delete(`${change.appId}\u0000${change.apiId}`);
        return;
      case "plan":
        this.subscriptions.deleteWhere((value) => value?.plan.id === change.planId);
        return;
      case "api":
        this.apis.deleteWhere((value) => value?.apiId === change.apiId);
        this.mocks.deleteWhere((_, key) => key.startsWith(`${change.apiId}\u0000`));
        return;
    }
  }

  clear(): void {
    this.apis.clear();
    this.keys.clear();
    this.subscriptions.clear();
    this.mocks.clear();
  }
}

function trimSlash(path: string): string {
  return path.endsWith("/") ? path.slice(0, -1) : path;
}

function parseRecord(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
