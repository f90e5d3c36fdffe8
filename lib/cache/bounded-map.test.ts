import { describe, expect, it } from "vitest";
import { setBounded } from "./bounded-map";

describe("setBounded", () => {
  it("keeps at most the limit, dropping the oldest entry first", () => {
    const map = new Map<string, number>();
    for (const [i, key] of ["a", "b", "c", "d"].entries()) setBounded(map, 3, key, i);
    expect([...map.keys()]).toEqual(["b", "c", "d"]);
  });

  it("replaces a key already there without dropping another", () => {
    const map = new Map([
      ["a", 1],
      ["b", 2],
    ]);
    setBounded(map, 2, "a", 3);
    expect(Object.fromEntries(map)).toEqual({ a: 3, b: 2 });
  });
});
