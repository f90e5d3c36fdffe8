import { describe, expect, it } from "vitest";
import { cardFormSchema, errorCodeOf } from "./card-schema";
import { addMonth } from "./period";

describe("addMonth", () => {
  it("moves to the same day and time of the next month", () => {
    expect(addMonth(new Date("2026-03-15T10:30:00Z")).toISOString()).toBe(
      "2026-04-15T10:30:00.000Z",
    );
    expect(addMonth(new Date("2026-12-02T00:00:00Z")).toISOString()).toBe(
      "2027-01-02T00:00:00.000Z",
    );
  });

  it("keeps to the month's last day when the next month is shorter", () => {
    expect(addMonth(new Date("2026-01-31T08:00:00Z")).toISOString()).toBe(
      "2026-02-28T08:00:00.000Z",
    );
    expect(addMonth(new Date("2028-01-31T08:00:00Z")).toISOString()).toBe(
      "2028-02-29T08:00:00.000Z",
    );
  });

  it("keeps the day when the next month has it, and rolls a year over at its end", () => {
    const next = (iso: string) => addMonth(new Date(iso)).toISOString();
    expect(next("2026-03-31T23:59:59.999Z")).toBe("2026-04-30T23:59:59.999Z");
    expect(next("2026-04-30T12:00:00.000Z")).toBe("2026-05-30T12:00:00.000Z");
    expect(next("2026-02-28T12:00:00.000Z")).toBe("2026-03-28T12:00:00.000Z");
    expect(next("2026-12-31T12:00:00.000Z")).toBe("2027-01-31T12:00:00.000Z");
    expect(next("2026-11-30T12:00:00.000Z")).toBe("2026-12-30T12:00:00.000Z");
  });

  it("does not change the date it is given", () => {
    const start = new Date("2026-01-31T08:00:00Z");
    addMonth(start);
    expect(start.toISOString()).toBe("2026-01-31T08:00:00.000Z");
  });
});

describe("the card form", () => {
  const form = {
    token: "0b7d9c1e-4a5f-4c7e-9f3a-2d1b6e8a9c10",
    number: "4242 4242-4242 4242",
    expMonth: "12",
    expYear: "2034",
    cvc: "123",
  };

  it("reads a card with spaces and dashes, numbers as numbers", () => {
    expect(cardFormSchema.parse(form)).toEqual({
      token: form.token,
      number: "4242424242424242",
      expMonth: 12,
      expYear: 2034,
      cvc: "123",
    });
  });

  it("refuses letters, a 13th month, a short CVC and a missing token", () => {
    for (const bad of [
      { number: "4242 abcd 4242 4242" },
      { expMonth: "13" },
      { cvc: "12" },
      { token: "" },
    ]) {
      expect(cardFormSchema.safeParse({ ...form, ...bad }).success).toBe(false);
    }
  });

  it("shows only known error codes", () => {
    expect(errorCodeOf("card_declined")).toBe("card_declined");
    expect(errorCodeOf("<script>")).toBe("failed");
    expect(errorCodeOf(undefined)).toBe("failed");
  });
});
