/*
 * The spec's payment error messages (section 8), word for word, and the one mapping from processor results to them.
 */
import { AppError } from "../errors/app-error";
import type { ProcessorResult } from "./payment-processor";

export const PAYMENT_METHOD_ERROR_MESSAGE = "Error adding payment method. Please try again";
export const PAYMENT_ERROR_MESSAGE =
  "An error occurred with your payment. Please try entering your credit card details again.";
export const CARD_DECLINED_MESSAGE = "Please try entering your credit card details again, or use a different card.";
export const CURRENTLY_UNAVAILABLE_MESSAGE = "Currently Unavailable. Please refresh the page or try again later.";

/** What the user was doing: adding a card (createPaymentMethod) or paying (authorize, charge, capture). */
export type PaymentOperation = "add_payment_method" | "payment";

export type FailedResult = Exclude<ProcessorResult<unknown>, { status: "success" }>;

/** The spec message for a failed processor result. */
export function paymentErrorMessage(operation: PaymentOperation, result: FailedResult): string {
  if (result.status === "error") {
    if (result.code === "unavailable") return CURRENTLY_UNAVAILABLE_MESSAGE;
    return operation === "add_payment_method" ? PAYMENT_METHOD_ERROR_MESSAGE : PAYMENT_ERROR_MESSAGE;
  }
  if (operation === "add_payment_method") return PAYMENT_METHOD_ERROR_MESSAGE;
  switch (result.reason) {
    case "card_declined":
    case "insufficient_funds":
    case "expired_card":
    case "invalid_number":
    case "invalid_expiry":
    case "invalid_cvc":
    case "invalid_holder_name":
      return CARD_DECLINED_MESSAGE;
    case "retry":
      return PAYMENT_ERROR_MESSAGE;
  }
}

/** GraphQL extensions.code of payment failures (graphql-server.ts reads details.graphqlCode). */
export type PaymentErrorCode =
  | "PAYMENT_DECLINED"
  | "PAYMENT_ERROR"
  | "PAYMENT_METHOD_ERROR"
  | "PAYMENT_UNAVAILABLE"
  | "PAYMENT_METHOD_REQUIRED";

export function paymentErrorCode(operation: PaymentOperation, result: FailedResult): PaymentErrorCode {
  if (result.status === "error" && result.code === "unavailable") return "PAYMENT_UNAVAILABLE";
  if (operation === "add_payment_method") return "PAYMENT_METHOD_ERROR";
  if (result.status === "declined" && result.reason !== "retry") return "PAYMENT_DECLINED";
  return "PAYMENT_ERROR";
}

/**
 * The AppError for a failed result: declines are the user's to fix (BAD_REQUEST), an unavailable processor is
 * UNAVAILABLE (503), an idempotency conflict is CONFLICT. `details` keeps the machine-readable reason for logs/UI and
 * `graphqlCode` (PAYMENT_*) for the GraphQL error's extensions.code.
 */
export function paymentFailureError(operation: PaymentOperation, result: FailedResult): AppError {
  const message = paymentErrorMessage(operation, result);
  const graphqlCode = paymentErrorCode(operation, result);
  if (result.status === "declined") {
    return new AppError("BAD_REQUEST", message, { declineReason: result.reason, graphqlCode });
  }
  if (result.code === "unavailable") {
    return new AppError("UNAVAILABLE", message, { processorError: result.code, graphqlCode });
  }
  if (result.code === "idempotency_conflict") {
    return new AppError("CONFLICT", message, { processorError: result.code, graphqlCode });
  }
  return new AppError("BAD_REQUEST", message, { processorError: result.code, graphqlCode });
}
