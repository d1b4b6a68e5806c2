/*
 * The one interface between Portico and a card processor. Core code receives a PaymentProcessor and never knows
 * which implementation runs: the built-in sandbox (src/infra/payments/sandbox-processor.ts, the embedded default) or
 * a real processor adapter added later behind the same contract.
 *
 * Contract every implementation keeps:
 * - every call carries an idempotency key; the same key with the same request returns the first result (even a
 *   decline), the same key with a different request returns error `idempotency_conflict`;
 * - results are values, not exceptions: success | declined(reason) | error(code). Implementations throw only for
 *   programming errors;
 * - card numbers and CVCs never leave createPaymentMethod: everything after it uses the returned token.
 */

export type CardBrand = "visa" | "mastercard" | "amex" | "discover" | "unknown";

export type DeclineReason =
  | "card_declined"
  | "insufficient_funds"
  /** Transient: the same operation with a *new* idempotency key may succeed. */
  | "retry"
  | "expired_card"
  | "invalid_number"
  | "invalid_expiry"
  | "invalid_cvc"
  | "invalid_holder_name";

export type ProcessorErrorCode =
  | "invalid_request"
  | "not_found"
  | "idempotency_conflict"
  | "invalid_state"
  /** The processor could not be reached or failed: show 'Currently Unavailable…'. */
  | "unavailable";

export type ProcessorResult<T> =
  | { status: "success"; value: T }
  | { status: "declined"; reason: DeclineReason; message: string }
  | { status: "error"; code: ProcessorErrorCode; message: string };

export interface ProcessorCallOptions {
  tenantId: string;
  /** 1–255 visible ASCII characters; see deriveStepKey in core/billing/idempotency.ts. */
  idempotencyKey: string;
}

export interface CardDetails {
  number: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  cvc: string;
  holderName: string;
}

export interface PaymentMethod {
  token: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  holderName: string;
}

export interface AmountRequest {
  /** Integer minor units, > 0. */
  amountMinor: number;
  currency: string;
}

export interface AuthorizeRequest extends AmountRequest {
  paymentMethodToken: string;
  description?: string;
}

export interface Authorization {
  authorizationId: string;
  amountMinor: number;
  currency: string;
  /** Epoch ms after which the processor lets the hold lapse on its own. */
  expiresAt: number;
}

export interface CaptureRequest {
  authorizationId: string;
  /** Defaults to the full authorized amount; at most that. */
  amountMinor?: number;
}

export interface Capture {
  authorizationId: string;
  capturedMinor: number;
  currency: string;
}

export interface VoidRequest {
  authorizationId: string;
}

export interface VoidResult {
  authorizationId: string;
  voided: true;
}

export interface RefundRequest {
  /** The authorization id of the captured payment (a charge's id is its authorization id). */
  authorizationId: string;
  /** Defaults to everything captured and not yet refunded. */
  amountMinor?: number;
}

export interface Refund {
  refundId: string;
  authorizationId: string;
  amountMinor: number;
  currency: string;
}

export type ChargeRequest = AuthorizeRequest;

export interface Charge {
  /** Also the authorization id, for refunds. */
  chargeId: string;
  amountMinor: number;
  currency: string;
}

export interface PaymentProcessor {
  /** Stable implementation name stored beside ledger rows ("sandbox", "stripe", …). */
  readonly name: string;
  /** Tokenizes a card after checking number (Luhn), expiry, CVC and holder name. */
  createPaymentMethod(card: CardDetails, options: ProcessorCallOptions): Promise<ProcessorResult<PaymentMethod>>;
  /** Places a hold. */
  authorize(request: AuthorizeRequest, options: ProcessorCallOptions): Promise<ProcessorResult<Authorization>>;
  capture(request: CaptureRequest, options: ProcessorCallOptions): Promise<ProcessorResult<Capture>>;
  /** Releases an uncaptured hold. */
  void(request: VoidRequest, options: ProcessorCallOptions): Promise<ProcessorResult<VoidResult>>;
  refund(request: RefundRequest, options: ProcessorCallOptions): Promise<ProcessorResult<Refund>>;
  /** Authorize and capture in one call. */
  charge(request: ChargeRequest, options: ProcessorCallOptions): Promise<ProcessorResult<Charge>>;
}

export function isSuccess<T>(result: ProcessorResult<T>): result is { status: "success"; value: T } {
  return result.status === "success";
}
