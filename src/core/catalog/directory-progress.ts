import type { Db } from "../../db/connection";
import { assertTenantAdmin } from "../accounts/accounts.policy";
import type { Viewer } from "../accounts/accounts.types";
import {
  countDirectoryImports,
  finishDirectoryRun,
  selectDirectoryRun,
  startDirectoryRun,
} from "./directory-progress.queries";

/**
 * Progress of the background import of the APIs.guru directory (decision 100), for the log and /admin. Read from the
 * database (the run row and every spec's recorded outcome), so any process shows the same figures.
 */
export interface DirectoryProgress {
  /** Specs the current or last run set out to do (those recorded by an earlier run included); null when unknown. */
  total: number | null;
  done: number;
  failed: number;
  running: boolean;
  startedAt: number | null;
  finishedAt: number | null;
}

/**
 * The tenant's directory import for /admin (tenant admins only); null when the tenant never imported the directory.
 */
export async function getDirectoryImportProgress(
  db: Db,
  tenantId: string,
  viewer: Viewer | null,
): Promise<DirectoryProgress | null> {
  assertTenantAdmin(viewer, tenantId);
  return directoryImportProgress(db, tenantId);
}

/** The tenant's directory import as the database holds it. */
export async function directoryImportProgress(db: Db, tenantId: string): Promise<DirectoryProgress | null> {
  const [run, rows] = await Promise.all([selectDirectoryRun(db, tenantId), countDirectoryImports(db, tenantId)]);
  if (!run && rows.length === 0) return null;
  const count = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  const failed = count("failed");
  return {
    total: run ? Number(run.total) : null,
    done: count("done") + failed,
    failed,
    running: run ? run.finished_at === null : false,
    startedAt: run ? Number(run.started_at) : null,
    finishedAt: run?.finished_at == null ? null : Number(run.finished_at),
  };
}

/** The seed's import starts a run over `total` specs (recorded ones included). */
export function beginDirectoryRun(db: Db, tenantId: string, total: number): Promise<void> {
  return startDirectoryRun(db, tenantId, total, Date.now());
}

export function endDirectoryRun(db: Db, tenantId: string): Promise<void> {
  return finishDirectoryRun(db, tenantId, Date.now());
}
