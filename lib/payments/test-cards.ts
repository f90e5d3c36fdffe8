/**
 * Stripe's test cards (docs.stripe.com/testing) and what they do, shared by the sandbox
 * provider and the local Stripe API server of the tests. Any future expiry and any CVC.
 */
export type CardOutcome =
  "succeeds" | "declined" | "insufficient_funds" | "requires_authentication" | "expired_card";

export interface TestCard {
  number: string;
  brand: string;
  outcome: CardOutcome;
  /** Stripe's PaymentMethod token for this card (`pm_card_…`). */
  token: string;
  /** A saved card charged later without the buyer (off-session) asks for authentication again. */
  offSessionNeedsAuthentication?: boolean;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: "4242424242424242", brand: "visa", outcome: "succeeds", token: "pm_card_visa" },
  {
    number: "5555555555554444",
    brand: "mastercard",
    outcome: "succeeds",
    token: "pm_card_mastercard",
  },
  { number: "378282246310005", brand: "amex", outcome: "succeeds", token: "pm_card_amex" },
  {
    number: "4000000000000002",
    brand: "visa",
    outcome: "declined",
    token: "pm_card_chargeDeclined",
  },
  {
    number: "4000000000009995",
    brand: "visa",
    outcome: "insufficient_funds",
    token: "pm_card_chargeDeclinedInsufficientFunds",
  },
  {
    number: "4000002500003155",
    brand: "visa",
    outcome: "requires_authentication",
    token: "pm_card_authenticationRequiredSetupForOffSession",
  },
  {
    number: "4000002760003184",
    brand: "visa",
    outcome: "requires_authentication",
    token: "pm_card_authenticationRequired",
    offSessionNeedsAuthentication: true,
  },
  {
    number: "4000000000000069",
    brand: "visa",
    outcome: "expired_card",
    token: "pm_card_chargeDeclinedExpiredCard",
  },
];

/** The failure code a card's outcome gives (null when it does not fail by itself). */
export function failureCodeOf(outcome: CardOutcome): string | null {
  switch (outcome) {
    case "declined":
      return "card_declined";
    case "insufficient_funds":
      return "insufficient_funds";
    case "expired_card":
      return "expired_card";
    default:
      return null;
  }
}

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type CardCheck =
  | { ok: true; card: TestCard; last4: string }
  | { ok: false; failureCode: "incorrect_number" | "invalid_expiry" | "invalid_cvc" };

/**
 * Reads a card typed into the sandbox's form: digits only (spaces allowed), one of Stripe's
 * test numbers, an expiry that has not passed (`now`'s month still counts), a 3–4 digit CVC.
 */
export function checkTestCard(input: CardInput, now: Date = new Date()): CardCheck {
  const number = input.number.replace(/[\s-]/g, "");
  const card = TEST_CARDS.find((known) => known.number === number);
  if (!card) return { ok: false, failureCode: "incorrect_number" };
  const { expMonth, expYear } = input;
  if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12) {
    return { ok: false, failureCode: "invalid_expiry" };
  }
  const year = expYear < 100 ? 2000 + expYear : expYear;
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (!Number.isInteger(year) || year * 12 + (expMonth - 1) < current) {
    return { ok: false, failureCode: "invalid_expiry" };
  }
  if (!/^\d{3,4}$/.test(input.cvc)) return { ok: false, failureCode: "invalid_cvc" };
  return { ok: true, card, last4: number.slice(-4) };
}

export function testCardByToken(token: string): TestCard | undefined {
  return TEST_CARDS.find((card) => card.token === token);
}
