/*
 * The in-process scheduler of the worker service: runs each registered job every `everyMs` (first run after
 * `firstRunAfterMs`), never two runs of one job at once, and logs instead of crashing on a failed run. Time comes
 * from an injectable clock so tests drive billing runs with a fake one (they call runJobOnce directly). Jobs must be
 * idempotent: a process that dies mid-run simply reruns them (decision 043).
 */

import type { MailSender } from "../core/accounts/mail-sender";
import type { HealthProbeOrigins } from "../core/health/health-target";
import type { PaymentProcessor } from "../core/payments/payment-processor";
import type { Clock } from "../core/providers";
import type { Db } from "../db/connection";

export interface JobContext {
  db: Db;
  processor: PaymentProcessor;
  clock: Clock;
  /** Where the mail outbox goes (providers.mail: log sender by default, SMTP with SMTP_URL). */
  mailSender: MailSender;
  /**
   * What the health probes may reach (decision 101): the operator's private-address switch, and this process's
   * gateway and demo upstreams (null in a worker-only process: mock-mode and built-in demo APIs are probed where the
   * gateway runs).
   */
  health: HealthProbeOrigins & { timeoutMs: number };
}

export interface WorkerJob {
  name: string;
  everyMs: number;
  firstRunAfterMs?: number;
  /** Returns a small summary for the log. */
  run(ctx: JobContext): Promise<unknown>;
}

export interface WorkerLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface RunningWorker {
  stop(): Promise<void>;
}

/** Runs one job now (tests, scripts); errors propagate. */
export function runJobOnce(job: WorkerJob, ctx: JobContext): Promise<unknown> {
  return job.run(ctx);
}

export function startScheduler(jobs: readonly WorkerJob[], ctx: JobContext, logger: WorkerLogger): RunningWorker {
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<void>>();
  let stopped = false;

  const tick = (job: WorkerJob) => {
    if (stopped || running.has(job.name)) return;
    const run = job
      .run(ctx)
      .then((summary) => logger.info({ job: job.name, summary }, "worker job done"))
      .catch((error: unknown) => logger.error({ job: job.name, err: error }, "worker job failed"))
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
  };

  for (const job of jobs) {
    const first = setTimeout(() => {
      tick(job);
      const every = setInterval(() => tick(job), job.everyMs);
      every.unref();
      timers.push(every);
    }, job.firstRunAfterMs ?? 1_000);
    first.unref();
    timers.push(first);
  }

  return {
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      await Promise.allSettled([...running.values()]);
    },
  };
}
