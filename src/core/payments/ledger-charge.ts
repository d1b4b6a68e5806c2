/*
 * A charge through the payment ledger: authorize (a "payment" ledger row written before the processor call), then
 * capture. Both processor keys are deterministic per step of the caller's idempotent request, so a retry after a
 * crash replays the processor's answers instead of charging again; an authorization left uncaptured by a crash is
 * voided by reconciliation after its window. A capture that fails voids the authorization at once.
 */
import type { Db } from "../../db/connection";
import { captureAuthorization, placeAuthorization, voidAuthorization } from "./payment-holds.service";
import type { FailedResult } from "./payment-messages";
import type { PaymentProcessor } from "./payment-processor";

export interface LedgerChargeInput {
  userId: string | null;
  paymentMethodToken: string;
  amountMinor: number;
  currency: string;
  /** Processor key of the authorize step; the capture uses `${authorizeKey}:capture`. */
  authorizeKey: string;
  description?: string;
}

export type LedgerChargeOutcome =
  | { ok: true; ledgerId: string; chargeId: string; amountMinor: number }
  | { ok: false; failure: FailedResult };

export async function chargeThroughLedger(
  db: Db,
  processor: PaymentProcessor,
  tenantId: string,
  input: LedgerChargeInput,
  hooks: { afterAuthorize?: () => void | Promise<void> } = {},
  now: () => number = Date.now,
): Promise<LedgerChargeOutcome> {
  const placed = await placeAuthorization(
    db,
    processor,
    tenantId,
    {
      userId: input.userId,
      purpose: "payment",
      paymentMethodToken: input.paymentMethodToken,
      amountMinor: input.amountMinor,
      currency: input.currency,
      idempotencyKey: input.authorizeKey,
      description: input.description,
    },
    now,
  );
  if (placed.result.status !== "success") return { ok: false, failure: placed.result };
  await hooks.afterAuthorize?.();
  const captured = await captureAuthorization(
    db,
    processor,
    tenantId,
    placed.ledgerId,
    { idempotencyKey: `${input.authorizeKey.slice(0, 240)}:capture` },
    now,
  );
  if (captured.status !== "success") {
    await voidAuthorization(db, processor, tenantId, placed.ledgerId, now);
    return { ok: false, failure: captured };
  }
  return {
    ok: true,
    ledgerId: placed.ledgerId,
    chargeId: placed.result.value.authorizationId,
    amountMinor: captured.value.capturedMinor,
  };
}
