import { describe, expect, it } from "vitest";
import { accountState } from "./account-state";

const account = (changes: Partial<Parameters<typeof accountState>[0]> = {}) => ({
  detailsSubmitted: true,
  payoutsEnabled: false,
  disabledReason: null,
  ...changes,
});

describe("accountState", () => {
  it("is ready once payouts are enabled, whatever else Stripe says", () => {
    expect(accountState(account({ payoutsEnabled: true }))).toBe("ready");
    expect(
      accountState(account({ payoutsEnabled: true, disabledReason: "requirements.past_due" })),
    ).toBe("ready");
  });

  it("reads Stripe's reason for holding the account back", () => {
    expect(accountState(account({ detailsSubmitted: false }))).toBe("unfinished");
    expect(
      accountState(account({ detailsSubmitted: false, disabledReason: "requirements.past_due" })),
    ).toBe("unfinished");
    expect(accountState(account({ disabledReason: "requirements.past_due" }))).toBe(
      "moreInformation",
    );
    expect(accountState(account({ disabledReason: "requirements.pending_verification" }))).toBe(
      "review",
    );
    expect(accountState(account({ disabledReason: "under_review" }))).toBe("review");
    expect(accountState(account({ disabledReason: "rejected.fraud" }))).toBe("rejected");
    expect(
      accountState(
        account({ detailsSubmitted: false, disabledReason: "rejected.terms_of_service" }),
      ),
    ).toBe("rejected");
    expect(accountState(account())).toBe("pending");
    expect(accountState(account({ disabledReason: "platform_paused" }))).toBe("pending");
  });
});
