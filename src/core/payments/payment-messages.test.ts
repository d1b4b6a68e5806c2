import { describe, expect, it } from "vitest";
import {
  CARD_DECLINED_MESSAGE,
  CURRENTLY_UNAVAILABLE_MESSAGE,
  PAYMENT_ERROR_MESSAGE,
  PAYMENT_METHOD_ERROR_MESSAGE,
  paymentErrorMessage,
  paymentFailureError,
} from "./payment-messages";

describe("payment messages", () => {
  it("are the spec's texts word for word", () => {
    expect(PAYMENT_METHOD_ERROR_MESSAGE).toBe("Error adding payment method. Please try again");
    expect(PAYMENT_ERROR_MESSAGE).toBe(
      "An error occurred with your payment. Please try entering your credit card details again.",
    );
    expect(CARD_DECLINED_MESSAGE).toBe("Please try entering your credit card details again, or use a different card.");
    expect(CURRENTLY_UNAVAILABLE_MESSAGE).toBe("Currently Unavailable. Please refresh the page or try again later.");
  });

  it("maps processor results to them", () => {
    const declined = (reason: "card_declined" | "insufficient_funds" | "retry" | "expired_card") =>
      ({ status: "declined", reason, message: "x" }) as const;
    expect(paymentErrorMessage("payment", declined("card_declined"))).toBe(CARD_DECLINED_MESSAGE);
    expect(paymentErrorMessage("payment", declined("insufficient_funds"))).toBe(CARD_DECLINED_MESSAGE);
    expect(paymentErrorMessage("payment", declined("expired_card"))).toBe(CARD_DECLINED_MESSAGE);
    expect(paymentErrorMessage("payment", declined("retry"))).toBe(PAYMENT_ERROR_MESSAGE);
    expect(paymentErrorMessage("add_payment_method", declined("card_declined"))).toBe(PAYMENT_METHOD_ERROR_MESSAGE);
    expect(paymentErrorMessage("add_payment_method", { status: "error", code: "invalid_request", message: "x" })).toBe(
      PAYMENT_METHOD_ERROR_MESSAGE,
    );
    expect(paymentErrorMessage("payment", { status: "error", code: "not_found", message: "x" })).toBe(
      PAYMENT_ERROR_MESSAGE,
    );
    for (const op of ["payment", "add_payment_method"] as const) {
      expect(paymentErrorMessage(op, { status: "error", code: "unavailable", message: "x" })).toBe(
        CURRENTLY_UNAVAILABLE_MESSAGE,
      );
    }
  });

  it("builds AppErrors with fitting codes", () => {
    expect(paymentFailureError("payment", { status: "declined", reason: "card_declined", message: "x" })).toMatchObject(
      {
        code: "BAD_REQUEST",
        status: 400,
        message: CARD_DECLINED_MESSAGE,
        details: { declineReason: "card_declined" },
      },
    );
    expect(paymentFailureError("payment", { status: "error", code: "unavailable", message: "x" })).toMatchObject({
      code: "UNAVAILABLE",
      status: 503,
    });
    expect(
      paymentFailureError("payment", { status: "error", code: "idempotency_conflict", message: "x" }),
    ).toMatchObject({ code: "CONFLICT" });
  });
});
