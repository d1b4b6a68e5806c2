import type { Selectable } from "kysely";

/* The sandbox processor's tables (migration 040-billing): what a real processor would keep on its own side. */

export type SandboxCardBehaviour =
  | "succeed"
  | "decline"
  | "insufficient_funds"
  | "retry_once"
  | "decline_after_first_capture";

export interface SandboxPaymentMethodsTable {
  token: string;
  tenant_id: string;
  brand: string;
  /** Only the last four digits: the full number and the CVC are never stored. */
  last4: string;
  exp_month: number;
  exp_year: number;
  holder_name: string;
  behaviour: SandboxCardBehaviour;
  /** retry_once cards: 0 not yet, 1 answered "retry", 2 that entry's retry was carried to a new entry of the card. */
  retry_signalled: number;
  successful_captures: number;
  created_at: number;
}

export type SandboxAuthorizationStatus = "authorized" | "captured" | "voided" | "expired";

export interface SandboxAuthorizationsTable {
  id: string;
  tenant_id: string;
  payment_method_token: string;
  amount_minor: number;
  currency: string;
  status: SandboxAuthorizationStatus;
  captured_minor: number;
  refunded_minor: number;
  description: string | null;
  created_at: number;
  expires_at: number;
  captured_at: number | null;
  voided_at: number | null;
}

export interface SandboxRefundsTable {
  id: string;
  tenant_id: string;
  authorization_id: string;
  amount_minor: number;
  created_at: number;
}

export interface SandboxIdempotencyTable {
  tenant_id: string;
  idem_key: string;
  operation: string;
  fingerprint: string;
  /** JSON of the first ProcessorResult; "" only inside the transaction that is producing it. */
  response_json: string;
  created_at: number;
}

export type SandboxTables = {
  sandbox_payment_methods: SandboxPaymentMethodsTable;
  sandbox_authorizations: SandboxAuthorizationsTable;
  sandbox_refunds: SandboxRefundsTable;
  sandbox_idempotency: SandboxIdempotencyTable;
};

export type SandboxPaymentMethodRow = Selectable<SandboxPaymentMethodsTable>;
export type SandboxAuthorizationRow = Selectable<SandboxAuthorizationsTable>;
