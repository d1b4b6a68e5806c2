/*
 * Card-testing defence: attempts to add a card or authorize one are limited per user (5 failures per 10 minutes) and
 * per IP address (20 failures per hour). An attempt in progress counts as a failure until it finishes, so a burst of
 * parallel attempts cannot slip past the limit: each attempt is recorded first and the limit is checked after, which
 * bounds the attempts that run by the limit on both dialects without locks. It fails closed: in a burst all attempts
 * may be recorded before any is checked, and then all of them are refused. Successful attempts, refused attempts and
 * processor outages do not count.
 */
import { newId } from "../../common/ids";
import type { Db } from "../../db/connection";
import type { PaymentAttemptKind } from "../../db/tables/payments.tables";
import { AppError } from "../errors/app-error";
import { countCountedAttempts, insertPaymentAttempt, setPaymentAttemptOutcome } from "./card-attempts.queries";
import type { ProcessorResult } from "./payment-processor";

export interface CardAttemptLimit {
  maxFailures: number;
  windowMs: number;
}

export const CARD_ATTEMPT_LIMITS: { perUser: CardAttemptLimit; perIp: CardAttemptLimit } = {
  perUser: { maxFailures: 5, windowMs: 10 * 60 * 1000 },
  perIp: { maxFailures: 20, windowMs: 60 * 60 * 1000 },
};

export interface CardAttemptSubject {
  userId: string;
  ip: string;
  kind: PaymentAttemptKind;
}

export function cardAttemptsMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many card attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/**
 * Runs one card attempt (createPaymentMethod or authorize) under the limits; throws AppError RATE_LIMITED when the
 * user or IP has used them up. The attempt's outcome is recorded from the processor result.
 */
export async function withCardAttemptThrottle<T>(
  db: Db,
  tenantId: string,
  subject: CardAttemptSubject,
  attempt: () => Promise<ProcessorResult<T>>,
  options: { now?: () => number; limits?: typeof CARD_ATTEMPT_LIMITS } = {},
): Promise<ProcessorResult<T>> {
  const now = options.now ?? Date.now;
  const limits = options.limits ?? CARD_ATTEMPT_LIMITS;
  const id = newId("patt");
  const at = now();
  await insertPaymentAttempt(db, tenantId, { id, userId: subject.userId, ip: subject.ip, kind: subject.kind, now: at });

  const checks = [
    { column: "user_id" as const, value: subject.userId, limit: limits.perUser },
    { column: "ip" as const, value: subject.ip, limit: limits.perIp },
  ];
  for (const check of checks) {
    const { count, oldest } = await countCountedAttempts(db, tenantId, {
      column: check.column,
      value: check.value,
      since: at - check.limit.windowMs,
    });
    // `count` includes this attempt.
    if (count > check.limit.maxFailures) {
      await setPaymentAttemptOutcome(db, tenantId, id, "refused");
      const retryAfterMs = Math.max(1000, (oldest ?? at) + check.limit.windowMs - at);
      throw new AppError("RATE_LIMITED", cardAttemptsMessage(retryAfterMs), {
        retryAfterMs,
        limitedBy: check.column === "ip" ? "ip" : "user",
      });
    }
  }

  let result: ProcessorResult<T>;
  try {
    result = await attempt();
  } catch (error) {
    await setPaymentAttemptOutcome(db, tenantId, id, "neutral");
    throw error;
  }
  const outcome =
    result.status === "success"
      ? "succeeded"
      : result.status === "error" && result.code === "unavailable"
        ? "neutral"
        : "failed";
  await setPaymentAttemptOutcome(db, tenantId, id, outcome);
  return result;
}
