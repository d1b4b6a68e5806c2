/*
 * The money steps shared by subscribe, plan change and past-due payment: a card becomes a payment method (throttled
 * per user and IP against card testing), is checked with the 0.50 hold (authorized, then voided, never captured), and
 * is charged through the payment ledger. Every processor call uses a deterministic key of the caller's idempotent
 * request (ctx.stepKey), so a retry after a crash replays instead of charging again. `crashAt` is the test hook that
 * simulates a crash after a step.
 */
import { z } from "zod";
import type { Db } from "../../db/connection";
import { deriveStepKey, type IdempotentContext } from "../billing/idempotency";
import { AppError } from "../errors/app-error";
import { withCardAttemptThrottle } from "../payments/card-attempt-throttle";
import { chargeThroughLedger } from "../payments/ledger-charge";
import { placeAuthorization, verificationHoldAmount, voidAuthorization } from "../payments/payment-holds.service";
import { paymentFailureError } from "../payments/payment-messages";
import type { CardDetails, PaymentProcessor } from "../payments/payment-processor";

export type PaymentStep =
  | "payment_method"
  | "hold_authorized"
  | "hold_voided"
  | "charge_authorized"
  | "charge_captured"
  | "recorded";

/** The steps of a card subscribe, in order (a crash-injection point after each). */
export const SUBSCRIBE_STEPS: readonly PaymentStep[] = [
  "payment_method",
  "hold_authorized",
  "hold_voided",
  "charge_authorized",
  "charge_captured",
  "recorded",
];

export interface PaymentDeps {
  /** Needed whenever a card is charged; free plans and invoice billing work without one. */
  processor?: PaymentProcessor;
  now?: () => number;
  /** Client IP for the card-attempt throttle. */
  ip?: string | null;
  /** Test hook: throwing here simulates a crash right after `step`. */
  crashAt?: (step: PaymentStep) => void;
}

export const PAID_PLANS_MESSAGE = "Paid plans need a payment method: enter a card to subscribe.";

export const cardInput = z.object({
  holderName: z.string().trim().min(1, "Enter the card holder's name").max(200),
  number: z.string().trim().min(1).max(40),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(2000).max(2100),
  cvc: z.string().trim().min(3).max(4),
});

export function requireProcessor(deps: PaymentDeps): PaymentProcessor {
  if (!deps.processor) throw new AppError("INTERNAL", "No payment processor is configured.");
  return deps.processor;
}

export function cardRequiredError(): AppError {
  return new AppError("BAD_REQUEST", PAID_PLANS_MESSAGE, {
    reason: "PAID_PLAN",
    graphqlCode: "PAYMENT_METHOD_REQUIRED",
  });
}

/** What identifies a card in a request fingerprint: never the number or CVC themselves. */
export function cardFingerprint(card: CardDetails | null | undefined) {
  if (!card) return null;
  const digits = card.number.replace(/[\s-]/g, "");
  return { last4: digits.slice(-4), length: digits.length, exp: [card.expMonth, card.expYear], name: card.holderName };
}

/** A context for a request sent without an idempotency key: fresh step keys, no replay protection. */
export function oneShotContext(tenantId: string, scope: string, key: string): IdempotentContext {
  return { attempt: 1, stepKey: (step) => deriveStepKey(tenantId, scope, key, step) };
}

/** Tokenizes the card and checks it with the 0.50 hold (authorize, then void). Returns the payment method token. */
export async function addVerifiedCard(
  db: Db,
  tenantId: string,
  userId: string,
  card: CardDetails,
  currency: string,
  ctx: IdempotentContext,
  deps: PaymentDeps,
): Promise<string> {
  const processor = requireProcessor(deps);
  const now = deps.now ?? Date.now;
  const ip = deps.ip ?? "unknown";
  const method = await withCardAttemptThrottle(
    db,
    tenantId,
    { userId, ip, kind: "create_payment_method" },
    () => processor.createPaymentMethod(card, { tenantId, idempotencyKey: ctx.stepKey("payment_method") }),
    { now },
  );
  if (method.status !== "success") throw paymentFailureError("add_payment_method", method);
  deps.crashAt?.("payment_method");

  let holdLedgerId: string | null = null;
  const hold = await withCardAttemptThrottle(
    db,
    tenantId,
    { userId, ip, kind: "authorize" },
    async () => {
      const placed = await placeAuthorization(
        db,
        processor,
        tenantId,
        {
          userId,
          purpose: "verification_hold",
          paymentMethodToken: method.value.token,
          amountMinor: verificationHoldAmount(currency),
          currency,
          idempotencyKey: ctx.stepKey("hold"),
          description: "Card verification hold",
        },
        now,
      );
      holdLedgerId = placed.ledgerId;
      return placed.result;
    },
    { now },
  );
  if (hold.status !== "success") throw paymentFailureError("payment", hold);
  deps.crashAt?.("hold_authorized");
  if (holdLedgerId) await voidAuthorization(db, processor, tenantId, holdLedgerId, now);
  deps.crashAt?.("hold_voided");
  return method.value.token;
}

/** Charges `amountMinor` to a payment method; returns the processor charge id (the invoice's payment reference). */
export async function chargeCard(
  db: Db,
  tenantId: string,
  userId: string | null,
  input: { token: string; amountMinor: number; currency: string; description: string },
  ctx: IdempotentContext,
  deps: PaymentDeps,
): Promise<string> {
  const processor = requireProcessor(deps);
  const now = deps.now ?? Date.now;
  const outcome = await chargeThroughLedger(
    db,
    processor,
    tenantId,
    {
      userId,
      paymentMethodToken: input.token,
      amountMinor: input.amountMinor,
      currency: input.currency,
      authorizeKey: ctx.stepKey("charge"),
      description: input.description,
    },
    { afterAuthorize: () => deps.crashAt?.("charge_authorized") },
    now,
  );
  if (!outcome.ok) throw paymentFailureError("payment", outcome.failure);
  deps.crashAt?.("charge_captured");
  return outcome.chargeId;
}
