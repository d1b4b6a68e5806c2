import { z } from "zod";
import { newId } from "../../common/ids";
import type { Db } from "../../db/connection";
import { inTransaction } from "../../db/executor";
import type { InvitationPrincipal } from "../../db/tables/accounts.tables";
import { requireViewer } from "../accounts/accounts.policy";
import { selectUserById, selectUserByUsername } from "../accounts/accounts.queries";
import { getViewer } from "../accounts/accounts.service";
import type { Viewer } from "../accounts/accounts.types";
import { parseInput } from "../accounts/validation";
import { AppError } from "../errors/app-error";
import { notifyPrivateApiInvite } from "../notifications/event-notifications";
import { buildUserContexts } from "../orgs/contexts";
import { selectOrgById, selectOrgsOfUser, selectTeamById, selectTeamIdsOfUser } from "../orgs/orgs.queries";
import type { UseCaseContext } from "../use-case-context";
import { canEditProduct } from "./access.policy";
import {
  type ApiAccessRow,
  deleteInvitation,
  type InvitationRow,
  insertInvitation,
  selectAllPrivateApiIds,
  selectApiAccess,
  selectInvitation,
  selectInvitationById,
  selectInvitations,
  selectVisiblePrivateApiIds,
  updateApiVisibility,
} from "./access.queries";
import { signToken, verifyToken } from "./signing-keys";

/** The same answer for a private API the viewer may not see as for an id that does not exist. */
export const API_NOT_FOUND = "API not found";
/** Short-lived: the token is handed to the search box, and access can be revoked. */
export const PRIVATE_APIS_TOKEN_TTL_SECONDS = 15 * 60;
const MAX_IDS_IN_TOKEN = 1_000;

/**
 * Ids of the tenant's PRIVATE APIs this viewer may see (owner, invited user/team/organization, tenant admin). Accepts
 * a viewer, a private-API token from getPrivateApisJwt (verified; the list is recomputed so revocations apply at
 * once) or null. Catalog and search call this and show PUBLIC APIs plus these ids; anything else is "not found".
 */
export async function privateApiIdsFor(
  db: Db,
  tenantId: string,
  who: Viewer | string | null | undefined,
): Promise<string[]> {
  let viewer: Viewer | null = null;
  if (typeof who === "string") {
    const payload = who ? await verifyToken(db, "private-apis", who) : null;
    if (!payload || payload.tid !== tenantId || typeof payload.sub !== "string") return [];
    viewer = await getViewer(db, tenantId, payload.sub);
  } else {
    viewer = who ?? null;
  }
  if (!viewer || viewer.tenantId !== tenantId) return [];
  if (viewer.isAdmin) return selectAllPrivateApiIds(db, tenantId);
  const orgs = await selectOrgsOfUser(db, tenantId, viewer.id);
  return selectVisiblePrivateApiIds(db, tenantId, {
    userId: viewer.id,
    teamIds: await selectTeamIdsOfUser(db, tenantId, viewer.id),
    orgIds: orgs.map((o) => o.id),
  });
}

/**
 * searchApis' privateApisJwt: the private APIs of a token from getPrivateApisJwt, honoured only for the signed-in viewer
 * it was issued to in this tenant. Anything else (no viewer, bad signature, expired, other tenant, other user) gives
 * none, exactly like no token: search answers as for a visitor and reveals nothing.
 */
export async function privateApiIdsForSearchToken(
  ctx: UseCaseContext,
  token: string | null | undefined,
): Promise<string[]> {
  const { db, tenantId, viewer } = ctx;
  if (!token || !viewer || viewer.tenantId !== tenantId) return [];
  const payload = await verifyToken(db, "private-apis", token);
  if (!payload || payload.tid !== tenantId || payload.sub !== viewer.id) return [];
  return privateApiIdsFor(db, tenantId, viewer);
}

/** True when the viewer may see this API at all (PUBLIC, or a private one they were given). */
export async function canViewApi(ctx: UseCaseContext, apiId: string): Promise<boolean> {
  const { db, tenantId, viewer } = ctx;
  const api = await selectApiAccess(db, tenantId, apiId);
  if (!api) return false;
  if (api.visibility === "PUBLIC") return true;
  return (await privateApiIdsFor(db, tenantId, viewer)).includes(apiId);
}

/** The API row if the viewer may see it, else NOT_FOUND with the same message as a missing API. */
export async function requireVisibleApi(ctx: UseCaseContext, apiId: string): Promise<ApiAccessRow> {
  const { db, tenantId, viewer } = ctx;
  const api = await selectApiAccess(db, tenantId, apiId);
  if (!api) throw new AppError("NOT_FOUND", API_NOT_FOUND);
  if (api.visibility !== "PUBLIC" && !(await privateApiIdsFor(db, tenantId, viewer)).includes(apiId)) {
    throw new AppError("NOT_FOUND", API_NOT_FOUND);
  }
  return api;
}

/** spec section 7 getPrivateApisJwt: a signed, 15-minute token naming the viewer and the private APIs they may see. */
export async function getPrivateApisJwt(
  ctx: UseCaseContext,
): Promise<{ token: string; expiresAt: number; apiIds: string[] }> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const apiIds = await privateApiIdsFor(db, tenantId, v);
  const { token, expiresAt } = await signToken(
    db,
    "private-apis",
    { tid: tenantId, apis: apiIds.slice(0, MAX_IDS_IN_TOKEN) },
    v.id,
    PRIVATE_APIS_TOKEN_TTL_SECONDS,
  );
  return { token, expiresAt, apiIds };
}

/** Whether the viewer may edit (and so share) this API: spec section 6's product rule. */
export async function canEditApi(ctx: UseCaseContext, apiId: string): Promise<boolean> {
  const { db, tenantId, viewer } = ctx;
  if (!viewer || viewer.tenantId !== tenantId) return false;
  const api = await selectApiAccess(db, tenantId, apiId);
  if (!api) return false;
  // The owner needs no context tree: skip building it.
  if (api.owner_id === viewer.id) return true;
  const contexts = await buildUserContexts(db, tenantId, viewer);
  return canEditProduct(viewer, { ownerId: api.owner_id, tenantId: api.tenant_id }, contexts.tree);
}

/** canEditApi for callers that hold a user id only (the gateway's control plane: plans, upstreams, subscriptions). */
export async function canUserEditApi(db: Db, tenantId: string, userId: string, apiId: string): Promise<boolean> {
  const api = await selectApiAccess(db, tenantId, apiId);
  if (!api) return false;
  if (api.owner_id === userId) return true;
  return canEditApi({ db, tenantId, viewer: await getViewer(db, tenantId, userId) }, apiId);
}

async function requireEditableApi(db: Db, tenantId: string, viewer: Viewer | null, apiId: string) {
  const v = requireViewer(viewer, tenantId);
  const api = await requireVisibleApi({ db, tenantId, viewer: v }, apiId);
  if (!(await canEditApi({ db, tenantId, viewer: v }, apiId))) {
    throw new AppError("FORBIDDEN", "Only the API's owner can change who may see it");
  }
  return { v, api };
}

export const visibilitySchema = z.enum(["PUBLIC", "PRIVATE"], { error: "Visibility must be PUBLIC or PRIVATE" });

/** Owners switch an API between PUBLIC and PRIVATE. */
export async function setApiVisibility(
  ctx: UseCaseContext,
  apiId: string,
  visibilityInput: unknown,
): Promise<{ apiId: string; visibility: "PUBLIC" | "PRIVATE" }> {
  const { db, tenantId, viewer } = ctx;
  await requireEditableApi(db, tenantId, viewer, apiId);
  const visibility = parseInput(visibilitySchema, visibilityInput);
  await updateApiVisibility(db, tenantId, apiId, visibility, Date.now());
  return { apiId, visibility };
}

export const invitationInputSchema = z
  .object({
    apiId: z.string().min(1).max(100),
    principalType: z.enum(["USER", "TEAM", "ORGANIZATION"], { error: "Invite a USER, TEAM or ORGANIZATION" }),
    principalId: z.string().min(1).max(100).nullish(),
    username: z.string().trim().min(1).max(30).nullish(),
  })
  .refine((v) => !!v.principalId || (v.principalType === "USER" && !!v.username), {
    message: "Choose whom to invite",
    path: ["principalId"],
  });

export interface ApiInvitation {
  id: string;
  apiId: string;
  principalType: InvitationPrincipal;
  principalId: string;
  principalName: string;
  createdAt: number;
}

async function principalName(db: Db, tenantId: string, type: InvitationPrincipal, id: string): Promise<string | null> {
  if (type === "USER") return (await selectUserById(db, tenantId, id))?.username ?? null;
  if (type === "TEAM") return (await selectTeamById(db, tenantId, id))?.name ?? null;
  return (await selectOrgById(db, tenantId, id))?.name ?? null;
}

async function toInvitation(db: Db, tenantId: string, row: InvitationRow): Promise<ApiInvitation> {
  return {
    id: row.id,
    apiId: row.api_id,
    principalType: row.principal_type,
    principalId: row.principal_id,
    principalName: (await principalName(db, tenantId, row.principal_type, row.principal_id)) ?? "(deleted)",
    createdAt: Number(row.created_at),
  };
}

/** Owners invite a user (by id or username), a team or an organization of the same tenant to a private API. */
export async function inviteToApi(ctx: UseCaseContext, input: unknown): Promise<ApiInvitation> {
  const { db, tenantId, viewer } = ctx;
  const data = parseInput(invitationInputSchema, input);
  const { v } = await requireEditableApi(db, tenantId, viewer, data.apiId);
  let principalId = data.principalId ?? null;
  if (!principalId && data.username)
    principalId = (await selectUserByUsername(db, tenantId, data.username))?.id ?? null;
  const name = principalId ? await principalName(db, tenantId, data.principalType, principalId) : null;
  if (!principalId || name === null) {
    const what = data.principalType === "USER" ? "user" : data.principalType === "TEAM" ? "team" : "organization";
    throw new AppError("NOT_FOUND", `No such ${what}`, { fields: { principalId: `No such ${what}` } });
  }
  if (await selectInvitation(db, tenantId, data.apiId, data.principalType, principalId)) {
    throw new AppError("CONFLICT", "Already invited");
  }
  const row = {
    id: newId("inv"),
    apiId: data.apiId,
    type: data.principalType,
    principalId,
    createdBy: v.id,
    now: Date.now(),
  };
  await inTransaction(db, async (trx) => {
    await insertInvitation(trx, tenantId, row);
    await notifyPrivateApiInvite(
      trx,
      tenantId,
      { apiId: row.apiId, invitationId: row.id, principalType: row.type, principalId, actorId: v.id },
      row.now,
    );
  });
  return {
    id: row.id,
    apiId: row.apiId,
    principalType: row.type,
    principalId,
    principalName: name,
    createdAt: row.now,
  };
}

export async function revokeApiInvitation(ctx: UseCaseContext, invitationId: string) {
  const { db, tenantId, viewer } = ctx;
  requireViewer(viewer, tenantId);
  const invitation = await selectInvitationById(db, tenantId, invitationId);
  if (!invitation) throw new AppError("NOT_FOUND", "Invitation not found");
  await requireEditableApi(db, tenantId, viewer, invitation.api_id);
  await deleteInvitation(db, tenantId, invitationId);
}

export async function listApiInvitations(ctx: UseCaseContext, apiId: string): Promise<ApiInvitation[]> {
  const { db, tenantId, viewer } = ctx;
  await requireEditableApi(db, tenantId, viewer, apiId);
  const rows = await selectInvitations(db, tenantId, apiId);
  return Promise.all(rows.map((r) => toInvitation(db, tenantId, r)));
}
