import { describe, expect, it } from "vitest";
import { cartLineState } from "./line-state";

const now = new Date("2026-11-27T12:00:00Z");
const later = new Date("2026-11-27T12:10:00Z");
const earlier = new Date("2026-11-27T11:59:59Z");
const base = { found: true, tracked: true, available: 5, quantity: 2, holdExpiresAt: later, now };

describe("cartLineState", () => {
  it("a unit that cannot be read any more is gone, whatever else holds", () => {
    expect(cartLineState({ ...base, found: false })).toBe("gone");
  });
  it("untracked stock is open: nothing to hold", () => {
    expect(cartLineState({ ...base, tracked: false, available: null, holdExpiresAt: null })).toBe(
      "open",
    );
    // Either sign of untracked stock is enough: the flag, or no count to compare with.
    expect(cartLineState({ ...base, tracked: false, available: 0 })).toBe("open");
    expect(cartLineState({ ...base, available: null, holdExpiresAt: null })).toBe("open");
  });
  it("fewer units than the line asks for is short, even while held", () => {
    expect(cartLineState({ ...base, available: 1 })).toBe("short");
    expect(cartLineState({ ...base, available: 0, holdExpiresAt: earlier })).toBe("short");
  });
  it("exactly the quantity available is enough", () => {
    expect(cartLineState({ ...base, available: 2 })).toBe("held");
  });
  it("a hold in the future is held; at or past its end it has expired", () => {
    expect(cartLineState(base)).toBe("held");
    expect(cartLineState({ ...base, holdExpiresAt: now })).toBe("expired");
    expect(cartLineState({ ...base, holdExpiresAt: earlier })).toBe("expired");
    expect(cartLineState({ ...base, holdExpiresAt: null })).toBe("expired");
  });
});
