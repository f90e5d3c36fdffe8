import { describe, expect, it } from "vitest";
import { auditEmptyText } from "./audit-empty";

describe("an empty audit trail page", () => {
  it("says nothing was recorded when no filter narrows the newest page", () => {
    expect(auditEmptyText(false, { newer: null, older: null })).toBe("emptyNone");
  });

  it("says nothing matches when a filter narrows it, or it is not the newest page", () => {
    expect(auditEmptyText(true, { newer: null, older: null })).toBe("emptyBody");
    expect(auditEmptyText(false, { newer: "cursor", older: null })).toBe("emptyBody");
    expect(auditEmptyText(false, { newer: null, older: "cursor" })).toBe("emptyBody");
  });
});
