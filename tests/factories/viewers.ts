import { getViewer } from "../../src/core/accounts/accounts.service";
import type { Viewer } from "../../src/core/accounts/accounts.types";
import { isAppError } from "../../src/core/errors/app-error";
import type { UseCaseContext } from "../../src/core/use-case-context";
import type { Db } from "../../src/db/connection";
import { createTestUser } from "./users";

/** A new user of the tenant as requests see them (the Viewer a use case is given). */
export async function createTestViewer(db: Db, tenantId: string): Promise<Viewer> {
  const user = await createTestUser(db, tenantId);
  const viewer = await getViewer(db, tenantId, user.id);
  if (!viewer) throw new Error(`no viewer for ${user.id}`);
  return viewer;
}

/** The use-case context of an existing user of the tenant, as a request of theirs builds it. */
export async function userContext(db: Db, tenantId: string, userId: string): Promise<UseCaseContext> {
  const viewer = await getViewer(db, tenantId, userId);
  if (!viewer) throw new Error(`no viewer for ${userId}`);
  return { db, tenantId, viewer };
}

/** The AppError code a call refuses with, or "ALLOWED" when it succeeds; any other error fails the test. */
export async function appErrorCodeOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
  return "ALLOWED";
}
