import type { Db } from "../../db/connection";
import type { Viewer } from "../accounts/accounts.types";
import { selectOrgsOfUser, selectTeamIdsOfUser, selectTeamsOfOrgs } from "./orgs.queries";

/** Spec section 3 "Context entry". */
export type ContextType = "User" | "Organization" | "Team";

export interface ContextEntry {
  type: ContextType;
  id: string;
  /** The organization id for Organization and Team entries; null for the personal context. */
  organization: string | null;
  name: string;
  /** The organization's name for a team. */
  parentName: string | null;
  thumbnail: string | null;
  slugifiedName: string;
  children: ContextEntry[];
  entityId: string;
  /** The default app of this context (My Apps); none until applications exist. */
  appId: string | null;
}

/** Spec section 3: the context tree is a map keyed by organization id. */
export type ContextTree = Record<string, ContextEntry>;

export interface UserContexts {
  /** The user's own (personal) context. */
  self: ContextEntry;
  tree: ContextTree;
  /** self, then every organization followed by its teams, flattened (what a context switcher lists). */
  all: ContextEntry[];
  /** Role per organization id. */
  roles: Record<string, "member" | "admin">;
}

/** The viewer's contexts: personal, every organization, and the teams they may act for (admins: every team). */
export async function buildUserContexts(db: Db, tenantId: string, viewer: Viewer): Promise<UserContexts> {
  const self: ContextEntry = {
    type: "User",
    id: viewer.id,
    organization: null,
    name: viewer.username,
    parentName: null,
    thumbnail: viewer.thumbnail,
    slugifiedName: viewer.username,
    children: [],
    entityId: viewer.id,
    appId: null,
  };
  const orgs = await selectOrgsOfUser(db, tenantId, viewer.id);
  const teams = await selectTeamsOfOrgs(
    db,
    tenantId,
    orgs.map((o) => o.id),
  );
  const myTeams = new Set(await selectTeamIdsOfUser(db, tenantId, viewer.id));
  const tree: ContextTree = {};
  const all: ContextEntry[] = [self];
  const roles: Record<string, "member" | "admin"> = {};
  for (const org of orgs) {
    roles[org.id] = org.role;
    const children = teams
      .filter((t) => t.organization_id === org.id && (org.role === "admin" || myTeams.has(t.id)))
      .map(
        (t): ContextEntry => ({
          type: "Team",
          id: t.id,
          organization: org.id,
          name: t.name,
          parentName: org.name,
          thumbnail: org.thumbnail,
          slugifiedName: t.slug,
          children: [],
          entityId: t.id,
          appId: null,
        }),
      );
    const entry: ContextEntry = {
      type: "Organization",
      id: org.id,
      organization: org.id,
      name: org.name,
      parentName: null,
      thumbnail: org.thumbnail,
      slugifiedName: org.slug,
      children,
      entityId: org.id,
      appId: null,
    };
    tree[org.id] = entry;
    all.push(entry, ...children);
  }
  return { self, tree, all, roles };
}

/** Spec section 4: a stored context is kept if it has an id or entityId that is still one of the user's contexts. */
export function resolveContext(
  contexts: UserContexts,
  ref: { id?: string | null; entityId?: string | null } | null | undefined,
): ContextEntry | null {
  if (!ref || (!ref.id && !ref.entityId)) return contexts.self;
  return contexts.all.find((c) => (ref.id && c.id === ref.id) || (ref.entityId && c.entityId === ref.entityId)) ?? null;
}
