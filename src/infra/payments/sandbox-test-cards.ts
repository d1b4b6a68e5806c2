/*
 * The sandbox processor's test cards (documented in docs/payments-test-cards.md). Stripe-like numbers so people can
 * use what they know; any expiry in the future, any CVC of the right length (4 digits for Amex), any holder name.
 * Every other number, even a Luhn-valid one, is refused: the sandbox never touches a real card.
 */
import type { SandboxCardBehaviour } from "../../db/tables/sandbox.tables";

export interface SandboxTestCard {
  number: string;
  brand: string;
  behaviour: SandboxCardBehaviour;
  description: string;
}

export const SANDBOX_TEST_CARDS: readonly SandboxTestCard[] = [
  { number: "4242424242424242", brand: "visa", behaviour: "succeed", description: "Succeeds." },
  { number: "5555555555554444", brand: "mastercard", behaviour: "succeed", description: "Succeeds." },
  { number: "378282246310005", brand: "amex", behaviour: "succeed", description: "Succeeds (CVC 4 digits)." },
  {
    number: "4000000000000002",
    brand: "visa",
    behaviour: "decline",
    description: "Tokenizes, then every authorization or charge is declined: card_declined.",
  },
  {
    number: "4000000000009995",
    brand: "visa",
    behaviour: "insufficient_funds",
    description: "Tokenizes, then every authorization or charge is declined: insufficient_funds.",
  },
  {
    number: "4000000000000119",
    brand: "visa",
    behaviour: "retry_once",
    description:
      "The first authorization or charge of the payment method is declined with 'retry'; the next attempt (with a new idempotency key) succeeds.",
  },
  {
    number: "4000000000000341",
    brand: "visa",
    behaviour: "decline_after_first_capture",
    description:
      "Succeeds now (holds and the first charge), declines later: after its first successful capture every authorization or charge is declined: card_declined (a failed renewal).",
  },
];

const byNumber = new Map(SANDBOX_TEST_CARDS.map((card) => [card.number, card]));

export function findSandboxTestCard(digits: string): SandboxTestCard | undefined {
  return byNumber.get(digits);
}
