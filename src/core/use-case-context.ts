import type { Db } from "../db/connection";
import type { Viewer } from "./accounts/accounts.types";

/**
 * What every use case in src/core takes first (docs/decisions/071-use-cases.md): the database, the tenant the
 * request resolved to, and who is asking. The use case checks who may do it; callers (GraphQL resolvers, route
 * loaders and actions, the gateway) build this once per request and pass it on. A provider a use case needs (the
 * payment processor) is still a parameter from the caller; providers join this type once the server's composition
 * root hands them down through the request contexts (decision 071, "What stays open").
 */
export interface UseCaseContext {
  readonly db: Db;
  readonly tenantId: string;
  /** The signed-in user of this tenant, or null; a viewer of another tenant never reaches a use case. */
  readonly viewer: Viewer | null;
}

/** A request or GraphQL context as a use-case context: a session of another tenant counts as signed out. */
export function toUseCaseContext(source: { db: Db; tenant: { id: string }; viewer?: Viewer | null }): UseCaseContext {
  const viewer = source.viewer && source.viewer.tenantId === source.tenant.id ? source.viewer : null;
  return { db: source.db, tenantId: source.tenant.id, viewer };
}
