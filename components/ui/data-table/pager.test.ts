import { describe, expect, it } from "vitest";
import { clampPage, pageCount, pageItems, pageOffset, pageRange } from "./pager";

const pages = (current: number, count: number) =>
  pageItems(current, count).map((item) => (item.type === "page" ? item.page : "…"));

describe("pager maths", () => {
  it("counts pages, with at least one", () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(1, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(101, 25)).toBe(5);
  });

  it("clamps a page from the URL into range", () => {
    expect(clampPage(0, 50, 10)).toBe(1);
    expect(clampPage(-3, 50, 10)).toBe(1);
    expect(clampPage(Number.NaN, 50, 10)).toBe(1);
    expect(clampPage(3, 50, 10)).toBe(3);
    expect(clampPage(9, 50, 10)).toBe(5);
    expect(clampPage(2.7, 50, 10)).toBe(2);
  });

  it("turns a page into an SQL offset", () => {
    expect(pageOffset(1, 25)).toBe(0);
    expect(pageOffset(3, 25)).toBe(50);
    expect(pageOffset(0, 25)).toBe(0);
  });

  it("reports the rows shown", () => {
    expect(pageRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
    expect(pageRange(1, 10, 7)).toEqual({ from: 1, to: 7 });
    expect(pageRange(2, 10, 25)).toEqual({ from: 11, to: 20 });
    expect(pageRange(3, 10, 25)).toEqual({ from: 21, to: 25 });
    expect(pageRange(99, 10, 25)).toEqual({ from: 21, to: 25 });
  });

  it("lists page buttons with gaps, never hiding a single page behind a gap", () => {
    expect(pages(1, 1)).toEqual([1]);
    expect(pages(1, 5)).toEqual([1, 2, "…", 5]);
    expect(pages(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pages(5, 10)).toEqual([1, "…", 4, 5, 6, "…", 10]);
    expect(pages(10, 10)).toEqual([1, "…", 9, 10]);
    expect(pages(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
