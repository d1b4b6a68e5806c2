import type { Db } from "../../db/connection";
import { assertTenantAdmin } from "../accounts/accounts.policy";
import type { Viewer } from "../accounts/accounts.types";
import { countDirectoryImports } from "./directory-progress.queries";

/**
 * Progress of the background import of the APIs.guru directory (decision 100), for the log and /admin. The running
 * import reports here as it goes (this process); after it, or in another process, the counts come from the
 * directory_imports table, where every spec's outcome is kept.
 */
export interface DirectoryProgress {
  /** Specs this import set out to do (those recorded by an earlier run included); null when not known here. */
  total: number | null;
  done: number;
  failed: number;
  running: boolean;
  startedAt: number | null;
  finishedAt: number | null;
}

const live = new Map<string, DirectoryProgress>();

export function reportDirectoryProgress(tenantId: string, progress: DirectoryProgress): void {
  live.set(tenantId, { ...progress });
}

/**
 * The tenant's directory import for /admin (tenant admins only): live figures while this process runs it, else what
 * the table holds; null when the tenant never imported the directory.
 */
export async function getDirectoryImportProgress(
  db: Db,
  tenantId: string,
  viewer: Viewer | null,
): Promise<DirectoryProgress | null> {
  assertTenantAdmin(viewer, tenantId);
  return directoryImportProgress(db, tenantId);
}

/** The tenant's directory import: live figures while this process runs it, else what the table holds. */
export async function directoryImportProgress(db: Db, tenantId: string): Promise<DirectoryProgress | null> {
  const current = live.get(tenantId);
  if (current) return { ...current };
  const rows = await countDirectoryImports(db, tenantId);
  if (rows.length === 0) return null;
  const count = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return {
    total: null,
    done: count("done"),
    failed: count("failed"),
    running: false,
    startedAt: null,
    finishedAt: null,
  };
}
