import { describe, expect, it } from "vitest";
import { isNewBuild, parseLatestBuild } from "./latest-build";

describe("isNewBuild", () => {
  it("is true when the deployed build differs from the running one", () => {
    expect(isNewBuild("build-a", "build-b")).toBe(true);
  });

  it("is false for the same build, whitespace aside", () => {
    expect(isNewBuild("build-a", "build-a")).toBe(false);
    expect(isNewBuild("build-a", " build-a\n")).toBe(false);
  });

  it("never reports a new version while either id is unknown", () => {
    expect(isNewBuild(null, "build-b")).toBe(false);
    expect(isNewBuild("build-a", null)).toBe(false);
    expect(isNewBuild(undefined, undefined)).toBe(false);
    expect(isNewBuild("", "build-b")).toBe(false);
    expect(isNewBuild("build-a", "   ")).toBe(false);
  });
});

describe("parseLatestBuild", () => {
  it("reads the build id", () => {
    expect(parseLatestBuild({ buildId: "abc", builtAt: "2026-01-01T00:00:00.000Z" })).toEqual({
      buildId: "abc",
      builtAt: "2026-01-01T00:00:00.000Z",
    });
  });

  it("rejects bodies that are not a latest-build document", () => {
    expect(parseLatestBuild(null)).toBeNull();
    expect(parseLatestBuild({})).toBeNull();
    expect(parseLatestBuild({ buildId: "" })).toBeNull();
    expect(parseLatestBuild({ buildId: 42 })).toBeNull();
    expect(parseLatestBuild("abc")).toBeNull();
  });
});
