/** The worker service: the registered jobs on the in-process scheduler (started by src/server/main.ts). */
import type { Providers } from "../core/providers";
import type { Db } from "../db/connection";
import { WORKER_JOBS } from "./jobs";
import { type JobContext, type RunningWorker, startScheduler, type WorkerLogger } from "./scheduler";

/** The providers come from the composition root (docs/decisions/070-core-boundary.md); the worker builds none. */
export function startWorker(options: {
  db: Db;
  logger: WorkerLogger;
  providers: Providers;
  health: JobContext["health"];
}): RunningWorker {
  const { db, providers } = options;
  const ctx: JobContext = {
    db,
    processor: providers.payments,
    clock: providers.clock,
    mailSender: providers.mail,
    health: options.health,
  };
  return startScheduler(WORKER_JOBS, ctx, options.logger);
}
