import { describe, expect, it } from "vitest";
import { toRecentEntry } from "@/lib/navigation/recents";

const valid = {
  title: "Plumbing",
  icon: "wrench",
  description: "Pipes",
  url: "/commerce/service?category=plumbing",
  path: ["Services"],
};

describe("toRecentEntry", () => {
  it("keeps a valid entry and drops unknown fields", () => {
    expect(toRecentEntry({ ...valid, extra: true })).toEqual(valid);
  });

  it("fills in the defaults of absent optional fields", () => {
    expect(toRecentEntry({ title: "a", url: "/a" })).toEqual({
      title: "a",
      icon: "folder",
      description: "",
      url: "/a",
      path: [],
    });
  });

  it.each([
    ["not an object", "text"],
    ["null", null],
    ["an array", [valid]],
    ["an empty title", { ...valid, title: "" }],
    ["an empty icon", { ...valid, icon: "" }],
    ["a null icon", { ...valid, icon: null }],
    ["a numeric description", { ...valid, description: 3 }],
    ["a missing url", { title: "a" }],
    ["an external url", { ...valid, url: "https://evil.example" }],
    ["a protocol-relative url", { ...valid, url: "//evil.example" }],
    ["a backslash url", { ...valid, url: "/\\evil.example" }],
    ["a path that is not a list", { ...valid, path: "Services" }],
    ["a path with a number", { ...valid, path: ["Services", 2] }],
  ])("rejects %s", (_, value) => {
    expect(toRecentEntry(value)).toBeNull();
  });
});
