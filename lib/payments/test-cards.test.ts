import { describe, expect, it } from "vitest";
import { checkTestCard, failureCodeOf, TEST_CARDS, testCardByToken } from "./test-cards";

const now = new Date("2026-11-27T12:00:00Z");
const card = (number: string, expMonth = 12, expYear = 2030, cvc = "123") =>
  checkTestCard({ number, expMonth, expYear, cvc }, now);

describe("Stripe's test cards", () => {
  it("decide the outcome by number, with any future expiry and any CVC", () => {
    const outcome = (number: string) => {
      const checked = card(number);
      return checked.ok ? checked.card.outcome : checked.failureCode;
    };
    expect(outcome("4242424242424242")).toBe("succeeds");
    expect(outcome("4242 4242 4242 4242")).toBe("succeeds");
    expect(outcome("4000000000000002")).toBe("declined");
    expect(outcome("4000000000009995")).toBe("insufficient_funds");
    expect(outcome("4000002500003155")).toBe("requires_authentication");
    expect(outcome("4000002760003184")).toBe("requires_authentication");
    expect(outcome("4000000000000069")).toBe("expired_card");
    expect(outcome("4111111111111112")).toBe("incorrect_number");
    expect(card("4242424242424242", 11, 2026)).toMatchObject({ ok: true, last4: "4242" });
    expect(card("4242424242424242", 12, 26, "9999")).toMatchObject({ ok: true });
  });

  it("refuse a past expiry, a month out of range and a malformed CVC", () => {
    expect(card("4242424242424242", 10, 2026)).toEqual({
      ok: false,
      failureCode: "invalid_expiry",
    });
    expect(card("4242424242424242", 13, 2030)).toEqual({
      ok: false,
      failureCode: "invalid_expiry",
    });
    expect(card("4242424242424242", 0, 2030)).toEqual({ ok: false, failureCode: "invalid_expiry" });
    expect(card("4242424242424242", 12, 2030, "12")).toEqual({
      ok: false,
      failureCode: "invalid_cvc",
    });
    expect(card("4242424242424242", 12, 2030, "12a")).toEqual({
      ok: false,
      failureCode: "invalid_cvc",
    });
  });

  it("map outcomes to Stripe's failure codes and tokens to cards", () => {
    expect(failureCodeOf("declined")).toBe("card_declined");
    expect(failureCodeOf("insufficient_funds")).toBe("insufficient_funds");
    expect(failureCodeOf("expired_card")).toBe("expired_card");
    expect(failureCodeOf("succeeds")).toBeNull();
    expect(failureCodeOf("requires_authentication")).toBeNull();
    for (const known of TEST_CARDS) expect(testCardByToken(known.token)).toBe(known);
    expect(testCardByToken("pm_card_authenticationRequired")?.offSessionNeedsAuthentication).toBe(
      true,
    );
  });
});
