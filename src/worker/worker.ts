/** The worker service: the registered jobs on the in-process scheduler (started by src/server/main.ts). */
import type { MailSender } from "../core/accounts/mail-sender";
import type { Db } from "../db/connection";
import { logMailSender } from "../infra/mail/log-mail-sender";
import { createPaymentProcessor } from "../infra/payments/sandbox-processor";
import { WORKER_JOBS } from "./jobs";
import { type Clock, type RunningWorker, startScheduler, systemClock, type WorkerLogger } from "./scheduler";

export function startWorker(options: {
  db: Db;
  logger: WorkerLogger;
  clock?: Clock;
  mailSender?: MailSender;
}): RunningWorker {
  const ctx = {
    db: options.db,
    processor: createPaymentProcessor(options.db),
    clock: options.clock ?? systemClock,
    mailSender: options.mailSender ?? logMailSender(options.logger),
  };
  return startScheduler(WORKER_JOBS, ctx, options.logger);
}
