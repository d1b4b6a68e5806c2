/*
 * Exactly-once execution per (tenant, scope, idempotency key) — the guard in front of subscribe, renewals and any
 * other money-moving request (decision 041: "the same subscribe request sent 100 times concurrently with one key charges
 * once and every answer is the first answer replayed, or 409 while it is in flight").
 *
 * - The first call claims the key with an INSERT on the primary key (race-free on SQLite and PostgreSQL), runs `fn`,
 *   and stores its outcome: the returned value, or an AppError below 500 (a decline is an answer too).
 * - A repeat with the same fingerprint gets the stored outcome replayed; while the first is running it gets CONFLICT
 *   (409); with a different fingerprint it is refused (BAD_REQUEST).
 * - An unexpected error (or AppError ≥ 500) releases the key, so the client's retry runs `fn` again.
 * - A holder that crashed leaves the key in flight; after `staleAfterMs` one retry takes it over and re-runs `fn`.
 *   Re-running is safe because every processor call inside `fn` uses `ctx.stepKey(step)`: the same deterministic
 *   processor idempotency key on every attempt, so the processor replays what it already did instead of charging
 *   twice.
 */
import { createHash, randomUUID } from "node:crypto";
import type { Db } from "../../db/connection";
import { AppError, type AppErrorCode, isAppError } from "../errors/app-error";
import {
  completeIdempotencyKey,
  insertIdempotencyKeyIfAbsent,
  releaseIdempotencyKey,
  selectIdempotencyKey,
  takeOverStaleIdempotencyKey,
} from "./idempotency.queries";

export const IDEMPOTENCY_STALE_AFTER_MS = 5 * 60 * 1000;
/** How long a completed key is remembered (housekeeping deletes older ones). */
export const IDEMPOTENCY_KEY_RETENTION_MS = 24 * 60 * 60 * 1000;

export const IDEMPOTENCY_IN_FLIGHT_MESSAGE =
  "A request with this idempotency key is still being processed. Try again in a moment.";
export const IDEMPOTENCY_MISMATCH_MESSAGE =
  "This idempotency key was already used for a different request. Use a new key for a new request.";

export interface IdempotentContext {
  /** 1 for the first execution, 2+ after a takeover of a crashed execution. */
  attempt: number;
  /** A deterministic processor idempotency key for one step of `fn` (same on every attempt). */
  stepKey(step: string): string;
}

export interface IdempotentOutcome<T> {
  response: T;
  /** True when the stored first response was returned instead of running `fn`. */
  replayed: boolean;
}

type StoredOutcome =
  | { kind: "value"; value: unknown }
  | { kind: "error"; code: AppErrorCode; message: string; details?: Record<string, unknown> };

export interface RunIdempotentOptions {
  now?: () => number;
  staleAfterMs?: number;
}

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** Canonical JSON (object keys sorted) → sha256 hex: the fingerprint of a request body. */
export function fingerprintRequest(body: unknown): string {
  return createHash("sha256").update(canonicalJson(body)).digest("hex");
}

function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

/** The processor idempotency key of one step of one idempotent request. */
export function deriveStepKey(tenantId: string, scope: string, key: string, step: string): string {
  return `pk_${createHash("sha256")
    .update(JSON.stringify([tenantId, scope, key, step]))
    .digest("hex")
    .slice(0, 48)}`;
}

function replay<T>(row: { response_json: string | null }): IdempotentOutcome<T> {
  const stored = JSON.parse(row.response_json ?? "null") as StoredOutcome | null;
  if (!stored) throw new AppError("INTERNAL", "The stored idempotent response is missing.");
  if (stored.kind === "error") throw new AppError(stored.code, stored.message, { ...stored.details, replayed: true });
  return { response: stored.value as T, replayed: true };
}

/**
 * Runs `fn` at most once per (tenant, scope, key) and answers every repeat with the first outcome.
 * `fn` must return JSON-serialisable data; the caller receives the JSON round-trip, identical to what a replay returns.
 */
export async function runIdempotent<T>(
  db: Db,
  tenantId: string,
  scope: string,
  key: string,
  fingerprint: string,
  fn: (ctx: IdempotentContext) => Promise<T>,
  options: RunIdempotentOptions = {},
): Promise<IdempotentOutcome<T>> {
  if (!KEY_PATTERN.test(key)) {
    throw new AppError("BAD_REQUEST", "An idempotency key is 1 to 255 visible ASCII characters.");
  }
  const now = options.now ?? Date.now;
  const staleAfterMs = options.staleAfterMs ?? IDEMPOTENCY_STALE_AFTER_MS;
  const lockToken = randomUUID();

  // Bounded: the only way round again is a key released (deleted) between our INSERT and our SELECT.
  for (let round = 0; round < 3; round++) {
    const claimed = await insertIdempotencyKeyIfAbsent(db, tenantId, {
      scope,
      key,
      fingerprint,
      lockToken,
      now: now(),
    });
    if (claimed) return execute(db, tenantId, scope, key, lockToken, 1, fn, now);

    const existing = await selectIdempotencyKey(db, tenantId, scope, key);
    if (!existing) continue;
    if (existing.fingerprint !== fingerprint) {
      throw new AppError("BAD_REQUEST", IDEMPOTENCY_MISMATCH_MESSAGE, { reason: "idempotency_key_reused" });
    }
    if (existing.state === "completed") return replay<T>(existing);

    const at = now();
    const staleBefore = at - staleAfterMs;
    if (Number(existing.locked_at) < staleBefore) {
      const tookOver = await takeOverStaleIdempotencyKey(db, tenantId, {
        scope,
        key,
        fingerprint,
        lockToken,
        staleBefore,
        now: at,
      });
      if (tookOver) return execute(db, tenantId, scope, key, lockToken, Number(existing.attempts) + 1, fn, now);
    }
    throw new AppError("CONFLICT", IDEMPOTENCY_IN_FLIGHT_MESSAGE, {
      reason: "idempotency_in_flight",
      retryAfterMs: 1000,
    });
  }
  throw new AppError("CONFLICT", IDEMPOTENCY_IN_FLIGHT_MESSAGE, { reason: "idempotency_in_flight" });
}

async function execute<T>(
  db: Db,
  tenantId: string,
  scope: string,
  key: string,
  lockToken: string,
  attempt: number,
  fn: (ctx: IdempotentContext) => Promise<T>,
  now: () => number,
): Promise<IdempotentOutcome<T>> {
  const ctx: IdempotentContext = { attempt, stepKey: (step) => deriveStepKey(tenantId, scope, key, step) };
  let stored: StoredOutcome;
  try {
    const value = await fn(ctx);
    stored = { kind: "value", value: value === undefined ? null : value };
  } catch (error) {
    // A refusal is the request's answer and is replayed; a transient one (details.transient: another request holds
    // what this one needs) releases the key so that sending the same request again runs it.
    if (isAppError(error) && error.status < 500 && error.details?.transient !== true) {
      stored = { kind: "error", code: error.code, message: error.message, details: error.details };
    } else {
      await releaseIdempotencyKey(db, tenantId, { scope, key, lockToken });
      throw error;
    }
  }
  const responseJson = JSON.stringify(stored);
  // If a takeover replaced us (we ran past the stale window), the other execution's outcome is the stored one; ours
  // came from the same processor step keys, so it describes the same charges.
  await completeIdempotencyKey(db, tenantId, { scope, key, lockToken, responseJson, now: now() });
  const roundTrip = JSON.parse(responseJson) as StoredOutcome;
  if (roundTrip.kind === "error") throw new AppError(roundTrip.code, roundTrip.message, roundTrip.details);
  return { response: roundTrip.value as T, replayed: false };
}
