import { AppError, type AppErrorCode, isAppError } from "../errors/app-error";
import type { SpecStage } from "./normalize-spec.types";
import type { PreparedSpec, SpecJob } from "./spec-job.types";

/* Messages between the spec worker pool (spec-worker-pool.ts) and its threads (spec-worker.ts). */

export interface WorkerRequest {
  id: number;
  job: SpecJob;
}

/** A refusal (AppError, rebuilt on the other side with its code and details) or an unexpected failure. */
export type FailedJob =
  | { app: true; code: AppErrorCode; message: string; details?: Record<string, unknown> }
  | { app: false; message: string; stack?: string };

export type WorkerReply =
  /** The worker took the job up: its time cap starts now (a fresh thread first spends a moment loading). */
  | { id: number; kind: "started" }
  | { id: number; kind: "stage"; stage: SpecStage }
  | { id: number; kind: "done"; result: PreparedSpec }
  | { id: number; kind: "failed"; error: FailedJob };

export function describeFailure(error: unknown): FailedJob {
  if (isAppError(error)) return { app: true, code: error.code, message: error.message, details: error.details };
  if (error instanceof Error) return { app: false, message: error.message, stack: error.stack };
  return { app: false, message: String(error) };
}

export function rebuildFailure(failed: FailedJob): Error {
  if (failed.app) return new AppError(failed.code, failed.message, failed.details);
  const error = new Error(`Spec worker failed: ${failed.message}`);
  if (failed.stack) error.stack = failed.stack;
  return error;
}
