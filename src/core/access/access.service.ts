import { z } from "zod";
import type { Db } from "../../db/connection";
import { requireViewer } from "../accounts/accounts.policy";
import type { Viewer } from "../accounts/accounts.types";
import { parseInput } from "../accounts/validation";
import { AppError } from "../errors/app-error";
import {
  buildUserContexts,
  type ContextEntry,
  type ContextTree,
  resolveContext,
  type UserContexts,
} from "../orgs/contexts";
import { corporateDomainOf } from "../orgs/corporate-domain";
import { canOfferJoin } from "../orgs/orgs.policy";
import { selectTeamIdsOfUser } from "../orgs/orgs.queries";
import type { UseCaseContext } from "../use-case-context";
import { type AccessTree, buildAccessTree } from "./access.policy";
import { signToken, verifyToken } from "./signing-keys";

/** The context token lives as long as a session (spec section 9: 7 days). */
export const CONTEXT_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

export interface ActiveUserContext {
  /** The selected context: the requested one if it is still the user's, else their own User context. */
  context: ContextEntry;
  /** Opaque, signed; sent back as POST /access-control { contextToken } and kept in client state. */
  contextToken: string;
  contexts: ContextEntry[];
  contextTree: ContextTree;
}

async function issueContextToken(db: Db, viewer: Viewer, context: ContextEntry): Promise<string> {
  const { token } = await signToken(
    db,
    "context",
    { tid: viewer.tenantId, sid: viewer.sessionId, ctx: { type: context.type, id: context.id } },
    viewer.id,
    CONTEXT_TOKEN_TTL_SECONDS,
  );
  return token;
}

/**
 * spec section 7 getActiveUserContext: the viewer's contexts and tree, the selected context (spec section 4: kept if
 * its id or entityId is still one of the user's contexts, else the personal one) and a context token for it.
 */
export async function getActiveUserContext(
  ctx: UseCaseContext,
  selection: { id?: string | null; entityId?: string | null } | null = null,
): Promise<ActiveUserContext> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const contexts = await buildUserContexts(db, tenantId, v);
  const context = resolveContext(contexts, selection) ?? contexts.self;
  return {
    context,
    contextToken: await issueContextToken(db, v, context),
    contexts: contexts.all,
    contextTree: contexts.tree,
  };
}

/** The context named by a token issued to this viewer and session; null when the token is not theirs or invalid. */
export async function contextFromToken(
  db: Db,
  viewer: Viewer,
  contexts: UserContexts,
  token: string,
): Promise<ContextEntry | null> {
  const payload = await verifyToken(db, "context", token);
  if (!payload || payload.sub !== viewer.id || payload.tid !== viewer.tenantId) return null;
  if (viewer.sessionId && payload.sid && payload.sid !== viewer.sessionId) return null;
  const ctx = payload.ctx as { id?: unknown } | undefined;
  return typeof ctx?.id === "string" ? resolveContext(contexts, { id: ctx.id }) : null;
}

export const accessControlBodySchema = z.object({
  method: z.enum(["getAccessTree"], { error: "method must be getAccessTree" }).default("getAccessTree"),
  contextToken: z.string().max(16_384).nullish(),
});

/**
 * The access tree (spec section 6) for the viewer in the context named by `contextToken` (POST /access-control) or
 * by id; without either, the personal context. A token that is not the viewer's is refused; a context the viewer
 * lost since falls back to the personal one (the response names the context actually used).
 */
export async function getAccessTree(
  ctx: UseCaseContext,
  selection: { contextToken?: string | null; contextId?: string | null } = {},
): Promise<AccessTree> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const contexts = await buildUserContexts(db, tenantId, v);
  let selected: ContextEntry = contexts.self;
  if (selection.contextToken) {
    const payload = await verifyToken(db, "context", selection.contextToken);
    if (!payload || payload.sub !== v.id || payload.tid !== tenantId) {
      throw new AppError("FORBIDDEN", "This context token is not valid for this session");
    }
    selected = (await contextFromToken(db, v, contexts, selection.contextToken)) ?? contexts.self;
  } else if (selection.contextId) {
    selected = resolveContext(contexts, { id: selection.contextId }) ?? contexts.self;
  }
  const domain = await corporateDomainOf(db, tenantId, v.email);
  return buildAccessTree({
    viewer: v,
    selected,
    roles: contexts.roles,
    tree: contexts.tree,
    developerOf: new Set(await selectTeamIdsOfUser(db, tenantId, v.id)),
    canJoin: canOfferJoin(v, tenantId, domain),
  });
}

/** Parses the POST /access-control body and answers the access tree. */
export async function handleAccessControl(ctx: UseCaseContext, body: unknown) {
  const input = parseInput(accessControlBodySchema, body ?? {});
  return getAccessTree(ctx, { contextToken: input.contextToken });
}
