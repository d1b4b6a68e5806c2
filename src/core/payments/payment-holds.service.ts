/*
 * Authorizations through the payment ledger: every hold Portico asks for is written to payment_authorizations
 * *before* the processor call, with the processor idempotency key it will use. Whatever step a crash interrupts, the
 * row says what may exist at the processor, and replaying the same key recovers it (reconciliation.ts).
 *
 * The card-verification hold (spec section 9: 0.50 dollars, released after several days) is authorized and then
 * voided at once; it is never captured (captureAuthorization refuses it).
 */
import { newId } from "../../common/ids";
import type { Db } from "../../db/connection";
import type { AuthorizationPurpose, LedgerAuthorizationRow } from "../../db/tables/payments.tables";
import { currencyExponent } from "../billing/money";
import { AppError } from "../errors/app-error";
import {
  insertLedgerAuthorizationIfAbsent,
  selectLedgerAuthorization,
  selectLedgerAuthorizationByKey,
  updateLedgerAuthorization,
} from "./payment-ledger.queries";
import type { Authorization, Capture, PaymentProcessor, ProcessorResult, VoidResult } from "./payment-processor";

/** Spec section 9: a hold of 0.50 dollars. */
export const VERIFICATION_HOLD_USD_MINOR = 50;
/** An uncaptured verification hold older than this is an orphan (the flow voids it within seconds). */
export const VERIFICATION_HOLD_WINDOW_MS = 15 * 60 * 1000;
/** A payment authorization not captured within this is an orphan (subscribe captures right after authorizing). */
export const PAYMENT_AUTHORIZATION_WINDOW_MS = 60 * 60 * 1000;

/** Half a major unit of the currency (0.50 USD = 50 cents), at least one minor unit (JPY: ¥1). */
export function verificationHoldAmount(currency: string): number {
  const exponent = currencyExponent(currency);
  return exponent === 0 ? 1 : 5 * 10 ** (exponent - 1);
}

function windowFor(purpose: AuthorizationPurpose): number {
  return purpose === "verification_hold" ? VERIFICATION_HOLD_WINDOW_MS : PAYMENT_AUTHORIZATION_WINDOW_MS;
}

export interface PlaceAuthorizationInput {
  userId: string | null;
  purpose: AuthorizationPurpose;
  paymentMethodToken: string;
  amountMinor: number;
  currency: string;
  /** Processor idempotency key, e.g. ctx.stepKey("hold") inside runIdempotent. */
  idempotencyKey: string;
  description?: string;
}

export interface LedgerResult<T> {
  ledgerId: string;
  result: ProcessorResult<T>;
}

/** Writes the ledger row, asks the processor for the hold, records the answer. Safe to call again with the same key. */
export async function placeAuthorization(
  db: Db,
  processor: PaymentProcessor,
  tenantId: string,
  input: PlaceAuthorizationInput,
  now: () => number = Date.now,
): Promise<LedgerResult<Authorization>> {
  const at = now();
  await insertLedgerAuthorizationIfAbsent(db, tenantId, {
    id: newId("pa"),
    user_id: input.userId,
    purpose: input.purpose,
    processor: processor.name,
    payment_method_token: input.paymentMethodToken,
    amount_minor: input.amountMinor,
    currency: input.currency,
    idempotency_key: input.idempotencyKey,
    processor_authorization_id: null,
    status: "requested",
    decline_reason: null,
    void_after: at + windowFor(input.purpose),
    created_at: at,
    updated_at: at,
    captured_at: null,
    voided_at: null,
  });
  const row = await selectLedgerAuthorizationByKey(db, tenantId, input.idempotencyKey);
  if (!row) throw new AppError("INTERNAL", "The payment ledger row vanished.");
  if (
    row.purpose !== input.purpose ||
    Number(row.amount_minor) !== input.amountMinor ||
    row.currency !== input.currency
  ) {
    throw new AppError("CONFLICT", "This payment key was already used for a different authorization.");
  }
  const result = await authorizeLedgerRow(db, processor, row, now);
  return { ledgerId: row.id, result };
}

/** Calls (or replays) the processor's authorize for a ledger row and records the outcome. */
export async function authorizeLedgerRow(
  db: Db,
  processor: PaymentProcessor,
  row: LedgerAuthorizationRow,
  now: () => number = Date.now,
): Promise<ProcessorResult<Authorization>> {
  const result = await processor.authorize(
    { paymentMethodToken: row.payment_method_token, amountMinor: Number(row.amount_minor), currency: row.currency },
    { tenantId: row.tenant_id, idempotencyKey: row.idempotency_key },
  );
  // Only move forward from "requested": a replay must not undo a later capture or void.
  if (row.status === "requested") {
    if (result.status === "success") {
      await updateLedgerAuthorization(db, row.tenant_id, row.id, {
        status: "authorized",
        processor_authorization_id: result.value.authorizationId,
        updated_at: now(),
      });
    } else if (result.status === "declined") {
      await updateLedgerAuthorization(db, row.tenant_id, row.id, {
        status: "declined",
        decline_reason: result.reason,
        updated_at: now(),
      });
    } else if (result.code !== "unavailable") {
      await updateLedgerAuthorization(db, row.tenant_id, row.id, {
        status: "failed",
        decline_reason: result.code,
        updated_at: now(),
      });
    }
  }
  return result;
}

async function loadRow(db: Db, tenantId: string, ledgerId: string): Promise<LedgerAuthorizationRow> {
  const row = await selectLedgerAuthorization(db, tenantId, ledgerId);
  if (!row) throw new AppError("NOT_FOUND", "No such payment authorization.");
  return row;
}

/** Captures a payment authorization. Verification holds are refused: they are voided, never captured. */
export async function captureAuthorization(
  db: Db,
  processor: PaymentProcessor,
  tenantId: string,
  ledgerId: string,
  options: { idempotencyKey: string; amountMinor?: number },
  now: () => number = Date.now,
): Promise<ProcessorResult<Capture>> {
  const row = await loadRow(db, tenantId, ledgerId);
  if (row.purpose === "verification_hold") {
    throw new AppError("BAD_REQUEST", "A card-verification hold is voided, never captured.");
  }
  if (row.status === "refunded") {
    // Reconciliation gave this charge back (its request had been abandoned): a late retry of that request must not
    // record it as paid. An answer, not an exception: the caller shows the spec's payment error.
    return { status: "error", code: "invalid_state", message: "This payment was refunded; start a new one." };
  }
  if (!row.processor_authorization_id || (row.status !== "authorized" && row.status !== "captured")) {
    throw new AppError("CONFLICT", `The authorization is ${row.status}; it cannot be captured.`);
  }
  const result = await processor.capture(
    { authorizationId: row.processor_authorization_id, amountMinor: options.amountMinor },
    { tenantId, idempotencyKey: options.idempotencyKey },
  );
  if (result.status === "success" && row.status !== "captured") {
    await updateLedgerAuthorization(db, tenantId, row.id, {
      status: "captured",
      captured_at: now(),
      updated_at: now(),
    });
  }
  return result;
}

/** Voids (releases) an uncaptured authorization; the processor key is derived from the ledger key, so repeats are safe. */
export async function voidAuthorization(
  db: Db,
  processor: PaymentProcessor,
  tenantId: string,
  ledgerId: string,
  now: () => number = Date.now,
): Promise<ProcessorResult<VoidResult>> {
  const row = await loadRow(db, tenantId, ledgerId);
  return voidLedgerRow(db, processor, row, now);
}

export async function voidLedgerRow(
  db: Db,
  processor: PaymentProcessor,
  row: LedgerAuthorizationRow,
  now: () => number = Date.now,
): Promise<ProcessorResult<VoidResult>> {
  if (!row.processor_authorization_id) {
    return { status: "error", code: "invalid_state", message: `The authorization is ${row.status}.` };
  }
  const result = await processor.void(
    { authorizationId: row.processor_authorization_id },
    { tenantId: row.tenant_id, idempotencyKey: voidKeyFor(row.idempotency_key) },
  );
  if (result.status === "success") {
    await updateLedgerAuthorization(db, row.tenant_id, row.id, {
      status: "voided",
      voided_at: now(),
      updated_at: now(),
    });
  }
  return result;
}

/** The processor key of the void that belongs to an authorization (≤ 255 characters). */
export function voidKeyFor(authorizationKey: string): string {
  return `${authorizationKey.slice(0, 240)}:void`;
}

/**
 * Checks a new card with the 0.50 hold: authorize, then void at once. Returns the authorize result (a decline is the
 * caller's to map with paymentFailureError("payment", …)). A crash between the two leaves an orphan that
 * findAndVoidOrphanHolds releases.
 */
export async function verifyCardWithHold(
  db: Db,
  processor: PaymentProcessor,
  tenantId: string,
  input: { userId: string | null; paymentMethodToken: string; currency: string; idempotencyKey: string },
  now: () => number = Date.now,
): Promise<LedgerResult<Authorization>> {
  const placed = await placeAuthorization(
    db,
    processor,
    tenantId,
    {
      userId: input.userId,
      purpose: "verification_hold",
      paymentMethodToken: input.paymentMethodToken,
      amountMinor: verificationHoldAmount(input.currency),
      currency: input.currency,
      idempotencyKey: input.idempotencyKey,
      description: "Card verification hold",
    },
    now,
  );
  if (placed.result.status === "success") {
    await voidAuthorization(db, processor, tenantId, placed.ledgerId, now);
  }
  return placed;
}
