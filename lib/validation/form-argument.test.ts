import { describe, expect, it } from "vitest";
import { formArgument } from "./form-argument";

describe("formArgument", () => {
  it("hands a real FormData back unchanged (the same object, every value kept)", () => {
    const form = new FormData();
    form.append("organisationId", "a");
    form.append("tag", "x");
    form.append("tag", "y");
    form.append("upload", new File(["bytes"], "a.txt"));
    expect(formArgument(form)).toBe(form);
    expect(formArgument(form).getAll("tag")).toEqual(["x", "y"]);
  });

  it("reads anything else a hand-made request encodes as an empty form", () => {
    const lookalike = { get: () => "forged", keys: () => ["organisationId"][Symbol.iterator]() };
    const probes: unknown[] = [
      "x",
      "",
      null,
      undefined,
      0,
      42,
      true,
      [],
      ["organisationId", "a"],
      { status: "idle" },
      { organisationId: "0b9c2b3e-0000-4000-8000-000000000000" },
      lookalike,
      new URLSearchParams("organisationId=a"),
      new Map([["organisationId", "a"]]),
    ];
    for (const probe of probes) {
      const form = formArgument(probe);
      expect(form).toBeInstanceOf(FormData);
      expect([...form.keys()]).toEqual([]);
      expect(form.get("organisationId")).toBeNull();
    }
  });

  it("gives a new form each time, so nothing one request adds is seen by the next", () => {
    const first = formArgument(undefined);
    first.set("organisationId", "a");
    expect(formArgument(undefined).get("organisationId")).toBeNull();
  });
});
