import { describe, expect, it } from "vitest";
import { productCategories } from "./catalogue-types";
import { productArtworkSvg } from "./demo-artwork";
import { demoCatalogue } from "./demo-catalogue";

const phone = {
  title: "Voltaro Orbit Smartphone",
  category: "electronics",
  palette: ["#20232a", "#00a8a8"],
} as const satisfies Parameters<typeof productArtworkSvg>[0];

/** A regex-level check: one <svg> root, tags balanced and nested, nothing that runs or loads. */
function expectSafeSvg(svg: string) {
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(svg.endsWith("</svg>")).toBe(true);
  expect(svg).toContain('viewBox="0 0 800 800"');
  expect(svg).not.toMatch(
    /script|href=|foreignObject|<text|<image|<use|@import|javascript:|\bon[a-z]+=/i,
  );
  expect(svg).not.toMatch(/url\((?!#g[0-9a-z]+\))/);
  expect(new TextEncoder().encode(svg).length).toBeLessThan(2048);
  const open: string[] = [];
  for (const [, closing, name, selfClosing] of svg.matchAll(
    /<(\/?)([a-zA-Z]+)(?:\s[^<>]*?)?(\/?)>/g,
  )) {
    if (closing) expect(open.pop()).toBe(name);
    else if (!selfClosing) open.push(name ?? "");
  }
  expect(open).toEqual([]);
  expect(svg.replace(/<[^<>]*>/g, "")).toBe("");
}

describe("productArtworkSvg", () => {
  it("is a small, self-contained, well-formed SVG for every category", () => {
    for (const category of productCategories)
      expectSafeSvg(productArtworkSvg({ ...phone, category }));
  });

  it("is deterministic", () => {
    expect(productArtworkSvg(phone)).toBe(productArtworkSvg({ ...phone }));
    expect(productArtworkSvg(phone, 3)).toBe(productArtworkSvg(phone, 3));
  });

  it("paints the palette as a gradient, and differs per palette, category and variant", () => {
    const svg = productArtworkSvg(phone);
    expect(svg).toMatch(/<linearGradient[^>]*>.*stop-color="#20232a".*stop-color="#00a8a8"/);
    expect(productArtworkSvg({ ...phone, palette: ["#7a2331", "#d8c3a0"] })).not.toBe(svg);
    const byCategory = productCategories.map((category) =>
      productArtworkSvg({ ...phone, category }),
    );
    expect(new Set(byCategory).size).toBe(productCategories.length);
    expect(productArtworkSvg(phone, 1)).not.toBe(svg);
  });

  it("lets only #rrggbb colours into the markup", () => {
    const svg = productArtworkSvg({
      ...phone,
      palette: ['"/><script>alert(1)</script>', "red"] as unknown as [string, string],
    });
    expectSafeSvg(svg);
    expect(svg).toContain('stop-color="#1f5f8b"');
    expect(svg).toContain('stop-color="#efe6d2"');
  });

  it("fits every product of the demo catalogue", () => {
    for (const product of demoCatalogue().products) expectSafeSvg(productArtworkSvg(product));
  });
});
