import type { GatewayMode } from "../../db/tables/gateway.tables";
import { API_NOT_FOUND, canEditApi } from "../access/private-apis.service";
import { requireViewer } from "../accounts/accounts.policy";
import { AppError } from "../errors/app-error";
import { announceGatewayChange } from "../plans/gateway-changes";
import { assertCanManageApi } from "../plans/plans.policy";
import type { UseCaseContext } from "../use-case-context";
import { validateUpstreamUrl } from "./ssrf-guard";
import { selectGatewayMode, updateUpstreamUrl, upsertGatewayMode } from "./upstreams.queries";

export const GATEWAY_MODES: readonly GatewayMode[] = ["proxy", "mock"];

/** Provider side: proxy to the upstream, or answer from the OpenAPI examples (mock mode) when it is unreachable. */
export async function setApiGatewayMode(ctx: UseCaseContext, apiId: string, mode: GatewayMode): Promise<GatewayMode> {
  const { db, tenantId } = ctx;
  const viewerId = requireViewer(ctx.viewer, ctx.tenantId).id;
  if (!GATEWAY_MODES.includes(mode)) throw new AppError("BAD_REQUEST", "The mode is proxy or mock");
  await assertCanManageApi(db, tenantId, viewerId, apiId);
  await upsertGatewayMode(db, tenantId, apiId, mode);
  announceGatewayChange({ kind: "api", apiId });
  return mode;
}

/** Provider side: the API's gateway mode; an API the viewer may not edit is "not found", as if it did not exist. */
export async function getApiGatewayMode(ctx: UseCaseContext, apiId: string): Promise<GatewayMode> {
  const viewer = requireViewer(ctx.viewer, ctx.tenantId);
  if (!(await canEditApi({ db: ctx.db, tenantId: ctx.tenantId, viewer }, apiId)))
    throw new AppError("NOT_FOUND", API_NOT_FOUND);
  return selectGatewayMode(ctx.db, ctx.tenantId, apiId);
}

/**
 * Provider side: sets the API's upstream base URL after the SSRF check (private, loopback and link-local addresses
 * only when the operator allows them). null clears it (calls then answer 502 unless mock mode is on).
 */
export async function setApiUpstreamUrl(
  ctx: UseCaseContext,
  apiId: string,
  url: string | null,
  options: { allowPrivate: boolean },
): Promise<string | null> {
  const { db, tenantId } = ctx;
  const viewerId = requireViewer(ctx.viewer, ctx.tenantId).id;
  await assertCanManageApi(db, tenantId, viewerId, apiId);
  const value = url === null || url.trim() === "" ? null : validateUpstreamUrl(url.trim(), options).toString();
  await updateUpstreamUrl(db, tenantId, apiId, value);
  announceGatewayChange({ kind: "api", apiId });
  return value;
}
