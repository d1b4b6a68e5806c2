import type { Selectable } from "kysely";

/* Tables of migration 040-billing owned by the payments domain (processor-independent). */

export type AuthorizationPurpose = "verification_hold" | "payment";
/**
 * requested: written before the processor call (a crash leaves this); authorized: hold in place; captured; voided;
 * declined: the processor said no; failed: the processor refused the request (not a decline); refunded: a captured
 * charge no invoice ever recorded (its request crashed and was never retried), given back by reconciliation.
 */
export type LedgerAuthorizationStatus =
  | "requested"
  | "authorized"
  | "captured"
  | "voided"
  | "declined"
  | "failed"
  | "refunded";

export interface PaymentAuthorizationsTable {
  id: string;
  tenant_id: string;
  user_id: string | null;
  purpose: AuthorizationPurpose;
  processor: string;
  payment_method_token: string;
  amount_minor: number;
  currency: string;
  /** The processor idempotency key of the authorize call; replaying it recovers the processor's answer. */
  idempotency_key: string;
  processor_authorization_id: string | null;
  status: LedgerAuthorizationStatus;
  decline_reason: string | null;
  /** Epoch ms after which an uncaptured authorization is an orphan for reconciliation. */
  void_after: number;
  created_at: number;
  updated_at: number;
  captured_at: number | null;
  voided_at: number | null;
}

export type PaymentAttemptKind = "create_payment_method" | "authorize";
/** pending counts against the limits until the attempt finishes; refused and neutral never count. */
export type PaymentAttemptOutcome = "pending" | "succeeded" | "failed" | "refused" | "neutral";

export interface PaymentAttemptsTable {
  id: string;
  tenant_id: string;
  user_id: string;
  ip: string;
  kind: PaymentAttemptKind;
  outcome: PaymentAttemptOutcome;
  created_at: number;
}

export type PaymentsTables = {
  payment_authorizations: PaymentAuthorizationsTable;
  payment_attempts: PaymentAttemptsTable;
};

export type LedgerAuthorizationRow = Selectable<PaymentAuthorizationsTable>;
