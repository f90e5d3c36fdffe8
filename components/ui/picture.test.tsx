import { describe, expect, it } from "vitest";
import { narrowSrcSet } from "./picture";

describe("narrowSrcSet", () => {
  const srcSet = [256, 384, 640, 828, 1200, 1920]
    .map((w) => `/_next/image?url=%2Fa.webp&w=${w}&q=75 ${w}w`)
    .join(", ");

  it("keeps the entries up to the widest a screen needs, and uses the widest kept as src", () => {
    const narrowed = narrowSrcSet(srcSet, 828);
    expect(narrowed.srcSet?.split(", ").map((e) => e.split(" ")[1])).toEqual([
      "256w",
      "384w",
      "640w",
      "828w",
    ]);
    expect(narrowed.src).toBe("/_next/image?url=%2Fa.webp&w=828&q=75");
  });

  it("keeps the narrowest entry when every entry is wider", () => {
    expect(narrowSrcSet(srcSet, 100)).toEqual({
      srcSet: "/_next/image?url=%2Fa.webp&w=256&q=75 256w",
      src: "/_next/image?url=%2Fa.webp&w=256&q=75",
    });
  });

  it("leaves a srcset it cannot read, or none, as it is", () => {
    expect(narrowSrcSet(undefined, 828)).toEqual({});
    expect(narrowSrcSet("/a.webp 1x, /b.webp 2x", 828)).toEqual({});
  });
});
