import { describe, expect, it } from "vitest";
import { parseAsSearchText, searchText } from "./url-values";

describe("searchText", () => {
  it("turns control and format characters into spaces and collapses whitespace", () => {
    expect(searchText("\u0000")).toBe("");
    expect(searchText("  ada\u0000love\u200blace \t x ")).toBe("ada love lace x");
    expect(searchText("\u001b[31mred")).toBe("[31mred");
  });
  it("keeps at most max characters, and nothing for no value", () => {
    expect(searchText("x".repeat(5_000))).toHaveLength(200);
    expect(searchText("abcdef", 3)).toBe("abc");
    expect(searchText(null)).toBe("");
    expect(searchText(undefined)).toBe("");
  });
  it("is what the q parser reads from a URL", () => {
    expect(parseAsSearchText.parse("a\u0000b")).toBe("a b");
    expect(parseAsSearchText.defaultValue).toBe("");
  });
});
