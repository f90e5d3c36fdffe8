import { describe, expect, it } from "vitest";
import { cachedPage } from "@/lib/routes/cached-pages";

/** Which public URLs the proxy serves from a page cached at run time (issue 11 §6). */
const page = (url: string) => {
  const parsed = new URL(url, "http://localhost");
  return cachedPage(parsed.pathname, parsed.searchParams);
};
const product = "/commerce/product/00000000-0000-4000-8000-000000100001";

describe("pages cached at run time", () => {
  it("are the commerce index, the products page and each category's first page", () => {
    expect(page("/commerce")).toEqual({ pathname: "/commerce/cached/index" });
    expect(page("/commerce/offer")).toEqual({ pathname: "/commerce/cached/offers" });
    expect(page("/commerce/product")).toEqual({ pathname: "/commerce/cached/products" });
    expect(page("/commerce/product?category=books")).toEqual({
      pathname: "/commerce/cached/books",
    });
    expect(page("/commerce/product?category=car-rental")).toEqual({
      pathname: "/commerce/cached/car-rental",
    });
  });

  it("and a product's page, at its own path", () => {
    expect(page(product)).toEqual({ pathname: product });
  });

  it("but not a landing page with filters, a sort, a page or an unknown category", () => {
    for (const url of [
      "/commerce/product?category=books&sort=price-asc",
      "/commerce/product?category=books&page=2",
      "/commerce/product?brand=x",
      "/commerce/product?category=books&category=home",
      "/commerce/product?category=weapons",
      "/commerce/product/not-an-id",
      `${product}/preview`,
      "/search?q=phone",
      "/about",
    ]) {
      expect({ url, page: page(url) }).toEqual({ url, page: null });
    }
  });

  it("have no public address of their own", () => {
    for (const url of [
      "/commerce/cached",
      "/commerce/cached/index",
      "/commerce/cached/offers",
      "/commerce/cached/books",
    ]) {
      expect(page(url)).toMatchObject({ refused: true });
      expect(page(url)?.pathname).not.toMatch(/^\/commerce\/cached\//);
    }
  });
});
