import type { Db } from "../../db/connection";
import { privateApiIdsFor } from "../access/private-apis.service";
import { verifyToken } from "../access/signing-keys";
import { getViewer } from "../accounts/accounts.service";
import type { Viewer } from "../accounts/accounts.types";
import { hashApiKey, looksLikeApiKey } from "../apps/api-key";
import { selectKeyByHash } from "../apps/apps.queries";
import { listApiEndpoints } from "../catalog/api-endpoints.service";
import { listApiCardsByIds } from "../catalog/api-read-model";
import { getApiDetail } from "../catalog/catalog.service";
import { parseApiRef } from "../catalog/compare.service";
import { getEndpointDetail } from "../catalog/endpoint-detail.service";
import { AppError } from "../errors/app-error";
import { summarizeAppUsage } from "../metering/metering.service";
import { keyRefusal } from "../subscriptions/call-access";
import { listSubscriptionsOfApp } from "../subscriptions/subscriptions.service";
import type { UseCaseContext } from "../use-case-context";

/*
 * The portal MCP server's rules (web: api/portal-mcp.ts): who the caller is, and the reads the web UI already has,
 * under the web UI's visibility. No credential: a visitor (public APIs only). An API key (X-Api-Key or a bearer
 * token): the user who owns the key's app, as if signed in (their private APIs, their app's subscriptions and usage).
 * A private search token from getPrivateApisJwt: the user it was issued to, for visibility only (it opens private
 * APIs in search and reads, as the typeahead's token does, never their apps).
 */

export interface PortalCaller {
  viewer: Viewer | null;
  /** The app of the presented key (subscriptions and usage are that app's). */
  appId: string | null;
}

export const NO_KEY_FOR_ACCOUNT =
  "Present your API key (X-Api-Key or Authorization: Bearer) to read your subscriptions and usage";

/** The caller of a portal MCP request; a key that is not valid is refused with the gateway's message. */
export async function portalCaller(
  db: Db,
  tenantId: string,
  credentials: { key: string; searchToken: string },
): Promise<PortalCaller> {
  if (credentials.key) {
    const row = looksLikeApiKey(credentials.key)
      ? await selectKeyByHash(db, tenantId, hashApiKey(credentials.key))
      : undefined;
    const key = row
      ? {
          revokedAt: row.revokedAt === null ? null : Number(row.revokedAt),
          expiresAt: row.expiresAt === null ? null : Number(row.expiresAt),
        }
      : null;
    const refused = keyRefusal(key, Date.now());
    if (refused || !row) throw new AppError("UNAUTHENTICATED", refused?.message ?? "Invalid API key");
    const viewer = await getViewer(db, tenantId, row.ownerUserId);
    if (!viewer) throw new AppError("UNAUTHENTICATED", "Invalid API key");
    return { viewer, appId: row.appId };
  }
  if (credentials.searchToken) {
    const payload = await verifyToken(db, "private-apis", credentials.searchToken);
    // A bad, expired or other tenant's token counts as none: the caller is a visitor, as in the search box.
    if (!payload || payload.tid !== tenantId || typeof payload.sub !== "string") return { viewer: null, appId: null };
    return { viewer: await getViewer(db, tenantId, payload.sub), appId: null };
  }
  return { viewer: null, appId: null };
}

function refOf(api: string): { ownerUsername: string; slug: string } {
  const ref = parseApiRef(api);
  if (!ref) throw new AppError("BAD_REQUEST", `“${api.slice(0, 80)}” is not an API reference (owner/api-slug)`);
  return ref;
}

async function visibleApi(ctx: UseCaseContext, api: string) {
  const ref = refOf(api);
  const detail = await getApiDetail(ctx.db, ctx.tenantId, ref.ownerUsername, ref.slug, ctx.viewer);
  // The API page's answer: a private API the caller was not given is as missing as one that does not exist.
  if (!detail) throw new AppError("NOT_FOUND", `No API found at ${api}`);
  return { ref, detail };
}

/** One page of the operations of an API's current version (method, path, summary, the id get_operation takes). */
export async function listPortalOperations(
  ctx: UseCaseContext,
  input: { api: string; offset: number; limit: number; query?: string },
) {
  const { detail } = await visibleApi(ctx, input.api);
  const page = await listApiEndpoints(
    ctx.db,
    ctx.tenantId,
    detail.id,
    { offset: input.offset, limit: input.limit, query: input.query },
    ctx.viewer,
  );
  return {
    api: input.api,
    version: detail.currentVersion?.version ?? null,
    total: page.total,
    offset: page.offset,
    operations: page.items.map((e) => ({ id: e.id, method: e.method, path: e.path, summary: e.summary })),
  };
}

/** One operation's documentation (parameters, request body, responses), as the API reference shows it. */
export async function getPortalOperation(ctx: UseCaseContext, input: { api: string; operation: string }) {
  const { ref } = await visibleApi(ctx, input.api);
  const detail = await getEndpointDetail(ctx.db, ctx.tenantId, ref, input.operation, ctx.viewer);
  if (!detail) throw new AppError("NOT_FOUND", `No operation ${input.operation.slice(0, 80)} in ${input.api}`);
  const { descriptionHtml: _html, ...rest } = detail;
  return {
    ...rest,
    requestBody: detail.requestBody ? { ...detail.requestBody, descriptionHtml: undefined } : null,
  };
}

function requireAccount(ctx: UseCaseContext, caller: PortalCaller): { viewer: Viewer; appId: string } {
  if (!ctx.viewer || !caller.appId) throw new AppError("UNAUTHENTICATED", NO_KEY_FOR_ACCOUNT);
  return { viewer: ctx.viewer, appId: caller.appId };
}

/** The subscriptions of the key's app (the app's owner reads them, as on the app's page). */
export async function listPortalSubscriptions(ctx: UseCaseContext, caller: PortalCaller) {
  const { viewer, appId } = requireAccount(ctx, caller);
  const subscriptions = await listSubscriptionsOfApp({ ...ctx, viewer }, appId);
  // The APIs' names as the owner may see them (a private API they lost access to stays unnamed).
  const cards = await listApiCardsByIds(
    ctx.db,
    ctx.tenantId,
    subscriptions.map((s) => s.apiId),
    await privateApiIdsFor(ctx.db, ctx.tenantId, viewer),
  );
  const byId = new Map(cards.map((c) => [c.id, c]));
  return subscriptions.map((s) => ({
    id: s.id,
    apiId: s.apiId,
    api: byId.has(s.apiId) ? `${byId.get(s.apiId)?.ownerUsername}/${byId.get(s.apiId)?.slug}` : null,
    apiName: byId.get(s.apiId)?.name ?? null,
    planId: s.planId,
    status: s.status,
    currentPeriodStart: s.currentPeriodStart,
    currentPeriodEnd: s.currentPeriodEnd,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
  }));
}

/** The key's app's usage over the last `days` days (1 to 90): totals and latency percentiles, per day. */
export async function portalUsage(ctx: UseCaseContext, caller: PortalCaller, input: { days: number }) {
  const { viewer, appId } = requireAccount(ctx, caller);
  const to = Date.now();
  const from = to - input.days * 86_400_000;
  const summary = await summarizeAppUsage({ db: ctx.db, tenantId: ctx.tenantId, viewer }, appId, { from, to });
  const perDay = new Map<number, { calls: number; errors: number; billable: number }>();
  for (const point of summary.series) {
    const day = Math.floor((point.minute * 60_000) / 86_400_000);
    const row = perDay.get(day) ?? { calls: 0, errors: 0, billable: 0 };
    row.calls += point.calls;
    row.errors += point.errors;
    row.billable += point.billable;
    perDay.set(day, row);
  }
  const { series: _series, minutes: _minutes, ...totals } = summary;
  return {
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    ...totals,
    days: [...perDay].map(([day, row]) => ({ date: new Date(day * 86_400_000).toISOString().slice(0, 10), ...row })),
  };
}
