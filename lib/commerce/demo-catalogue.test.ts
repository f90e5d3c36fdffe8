import { createHash } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { demoOrganisation } from "@/lib/organisations/seed";
import { productCategories, type ProductCategory } from "./catalogue-types";
import { demoCatalogue, type DemoProduct } from "./demo-catalogue";
import { validateExternalId } from "./identifiers";
import { attributeValue, slugifyTitle } from "./product-schema";

const catalogue = demoCatalogue();
const { organisations, brands, products, reviewers, reviews } = catalogue;
const variants = products.flatMap((p) => p.variants);
const published = products.filter((p) => p.status === "published");
const fingerprint = (value: unknown) =>
  createHash("sha256").update(JSON.stringify(value)).digest("hex");
const share = (part: number, whole: number) => part / whole;
const groupBy = <T>(items: readonly T[], key: (item: T) => string) => {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
};
const productsOf = (organisationId: string) =>
  products.filter((p) => p.organisationId === organisationId);
const expectUnique = (values: readonly string[], what: string) => {
  const seen = new Set<string>();
  const repeated = values.filter((v) => seen.size === seen.add(v).size);
  expect(repeated, `repeated ${what}`).toEqual([]);
};

describe("determinism", () => {
  it("a fresh module gives the same JSON, whatever the clock and without Math.random", async () => {
    const before = fingerprint(catalogue);
    vi.resetModules();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2031-07-04T12:34:56Z"));
    const random = vi.spyOn(Math, "random").mockImplementation(() => {
      throw new Error("the demo catalogue must not use Math.random");
    });
    try {
      const fresh = await import("./demo-catalogue");
      const again = fresh.demoCatalogue();
      expect(again).not.toBe(catalogue);
      expect(fingerprint(again)).toBe(before);
    } finally {
      random.mockRestore();
      vi.useRealTimers();
    }
  });

  it("is memoised and frozen", () => {
    expect(demoCatalogue()).toBe(catalogue);
    expect(Object.isFrozen(catalogue.products)).toBe(true);
    expect(Object.isFrozen(products[0]?.variants[0])).toBe(true);
  });
});

describe("organisations and brands", () => {
  it("five organisations in five cities, the first being the existing demo organisation", () => {
    expect(organisations[0]).toMatchObject({
      id: demoOrganisation.id,
      name: demoOrganisation.name,
      slug: demoOrganisation.slug,
    });
    expect(organisations.map((o) => [o.city, o.country, o.currency])).toEqual([
      ["Madrid", "ES", "EUR"],
      ["Barcelona", "ES", "EUR"],
      ["Mexico City", "MX", "MXN"],
      ["London", "GB", "GBP"],
      ["New York", "US", "USD"],
    ]);
    expectUnique(
      organisations.map((o) => o.slug),
      "organisation slugs",
    );
  });

  it.each([
    ["Madrid", 40.42, -3.7],
    ["Barcelona", 41.39, 2.17],
    ["Mexico City", 19.43, -99.13],
    ["London", 51.51, -0.13],
    ["New York", 40.71, -74.01],
  ])("%s: address and coordinates in the city", (city, latitude, longitude) => {
    const org = organisations.find((o) => o.city === city);
    if (!org) throw new Error(`no organisation in ${city}`);
    expect(Math.abs(org.latitude - latitude)).toBeLessThan(0.15);
    expect(Math.abs(org.longitude - longitude)).toBeLessThan(0.15);
    expect(org.address.city).toBe(city);
    expect(org.address.country).toBe(org.country);
    expect(org.address.line1).toMatch(/\d/);
    expect(org.address.postalCode).not.toBe("");
    expect(org.address.region).not.toBe("");
    expect(org.description.length).toBeGreaterThan(20);
  });

  it("each organisation sells in 2–4 categories; together all eight; the demo one ≥ 40 in ≥ 3", () => {
    for (const org of organisations) {
      const categories = new Set(productsOf(org.id).map((p) => p.category));
      expect(categories.size, org.name).toBeGreaterThanOrEqual(2);
      expect(categories.size, org.name).toBeLessThanOrEqual(4);
    }
    expect(new Set(products.map((p) => p.category))).toEqual(new Set(productCategories));
    const demo = productsOf(demoOrganisation.id);
    expect(demo.length).toBeGreaterThanOrEqual(40);
    expect(new Set(demo.map((p) => p.category)).size).toBeGreaterThanOrEqual(3);
  });

  it("brands belong to an organisation, with unique names there and an https website or none", () => {
    const orgIds = new Set(organisations.map((o) => o.id));
    for (const brand of brands) {
      expect(orgIds.has(brand.organisationId), brand.name).toBe(true);
      expect(brand.website ?? "https://x.example").toMatch(/^https:\/\/[a-z0-9-]+\.example$/);
      expect(brand.description).not.toBe("");
    }
    for (const [, group] of groupBy(brands, (b) => b.organisationId)) {
      expectUnique(
        group.map((b) => b.name.toLowerCase()),
        "brand names",
      );
    }
  });
});

describe("ids", () => {
  const tail = (prefix: string, digits: number) =>
    new RegExp(`^00000000-0000-4000-8000-${prefix}[0-9]{${digits}}$`);

  it("every id is unique and uses its entity's prefix", () => {
    const [, ...others] = organisations;
    for (const org of others) expect(org.id).toMatch(tail("0000000a0", 3));
    for (const user of reviewers) expect(user.id).toMatch(tail("0000000b0", 3));
    for (const brand of brands) expect(brand.id).toMatch(tail("0000000d0", 3));
    for (const product of products) expect(product.id).toMatch(tail("0000001", 5));
    for (const variant of variants) expect(variant.id).toMatch(tail("0000002", 5));
    for (const review of reviews) expect(review.id).toMatch(tail("0000003", 5));
    expectUnique(
      [organisations, reviewers, brands, products, variants, reviews].flatMap((items) =>
        items.map((item) => item.id),
      ),
      "ids",
    );
  });

  it("references point at existing rows of the same organisation", () => {
    const brandOrg = new Map(brands.map((b) => [b.id, b.organisationId]));
    for (const product of products) {
      expect(organisations.some((o) => o.id === product.organisationId)).toBe(true);
      if (product.brandId !== null) {
        expect(brandOrg.get(product.brandId), product.title).toBe(product.organisationId);
      }
    }
    expect(products.filter((p) => p.brandId === null).length).toBeGreaterThan(0);
  });
});

describe("products", () => {
  it("at least 220 products, 20 per category", () => {
    expect(products.length).toBeGreaterThanOrEqual(220);
    for (const category of productCategories) {
      expect(
        products.filter((p) => p.category === category).length,
        category,
      ).toBeGreaterThanOrEqual(20);
    }
  });

  it("about 90% published, some drafts, a few archived", () => {
    expect(share(published.length, products.length)).toBeGreaterThanOrEqual(0.85);
    expect(share(published.length, products.length)).toBeLessThanOrEqual(0.95);
    expect(products.filter((p) => p.status === "draft").length).toBeGreaterThanOrEqual(3);
    expect(products.filter((p) => p.status === "archived").length).toBeGreaterThanOrEqual(2);
  });

  it("slugs are the slugified title, well-formed and unique per organisation", () => {
    for (const product of products) {
      expect(product.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(product.slug.length).toBeLessThanOrEqual(80);
      expect(product.slug).toBe(slugifyTitle(product.title));
    }
    for (const org of organisations) {
      expectUnique(
        productsOf(org.id).map((p) => p.slug),
        `slugs of ${org.name}`,
      );
    }
  });

  it("texts pass the publish checks; descriptions are 2–4 Markdown blocks", () => {
    for (const product of products) {
      expect(product.title.length).toBeLessThanOrEqual(200);
      expect(product.summary.length).toBeGreaterThanOrEqual(10);
      expect(product.summary.length).toBeLessThanOrEqual(300);
      const blocks = product.description.split("\n\n");
      expect(blocks.length).toBeGreaterThanOrEqual(2);
      expect(blocks.length).toBeLessThanOrEqual(4);
      expect(product.description).not.toMatch(/undefined|NaN|\{noun\}/);
      expect(product.tags.length).toBeGreaterThan(0);
      expect(product.tags.length).toBeLessThanOrEqual(20);
      for (const tag of product.tags) expect(tag).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expectUnique(product.tags, "tags");
      expect(product.palette).toHaveLength(2);
      for (const colour of product.palette) expect(colour).toMatch(/^#[0-9a-f]{6}$/);
      expect(product.publishedDaysAgo).toBeGreaterThan(0);
    }
  });

  it("fictional brands, and 'smartphone' in at least three titles for typo search", () => {
    const trademarks =
      /\b(apple|iphone|ipad|samsung|galaxy|nike|adidas|sony|google|pixel|kindle|ikea|zara)\b/i;
    for (const text of [...products.map((p) => p.title), ...brands.map((b) => b.name)]) {
      expect(text).not.toMatch(trademarks);
    }
    const smartphones = products.filter((p) => /smartphone/i.test(p.title));
    expect(smartphones.length).toBeGreaterThanOrEqual(3);
    expect(products.some((p) => /headphones/i.test(p.title))).toBe(true);
    expect(products.some((p) => /keyboard/i.test(p.title))).toBe(true);
  });

  it("tax classes: reduced groceries, exempt courses, zero-rated flights", () => {
    for (const product of products) {
      if (product.category === "groceries") expect(product.taxClass).toBe("reduced");
      if (product.category === "course") expect(product.taxClass).toBe("exempt");
      if (product.category === "flight") expect(product.taxClass).toBe("zero");
    }
  });
});

describe("options and variants", () => {
  const optionNames: Record<ProductCategory, string[]> = {
    electronics: ["Colour", "Storage"],
    fashion: ["Size", "Colour"],
    groceries: ["Pack"],
    books: ["Format"],
    home: ["Colour", "Size"],
    course: ["Access"],
    flight: ["Cabin"],
    "car-rental": ["Days"],
  };

  it("every combination of the options' values, once, at most 12, matching the options", () => {
    for (const product of products) {
      const { options, variants: own, title } = product;
      for (const option of options) expect(optionNames[product.category]).toContain(option.name);
      expectUnique(
        options.map((o) => o.name.toLowerCase()),
        "option names",
      );
      for (const option of options) {
        expect(option.values.length).toBeGreaterThan(0);
        expectUnique(
          option.values.map((v) => v.toLowerCase()),
          "option values",
        );
      }
      const expected = options.reduce((n, o) => n * o.values.length, 1);
      expect(own.length, title).toBe(expected);
      expect(own.length).toBeLessThanOrEqual(12);
      expectUnique(
        own.map((v) => JSON.stringify(v.optionValues)),
        `combinations of ${title}`,
      );
      for (const variant of own) {
        expect(variant.optionValues).toHaveLength(options.length);
        variant.optionValues.forEach((value, i) => expect(options[i]?.values).toContain(value));
      }
    }
  });

  it("some products have no options: exactly one variant without values", () => {
    const plain = products.filter((p) => p.options.length === 0);
    expect(plain.length).toBeGreaterThanOrEqual(10);
    for (const product of plain) {
      expect(product.variants.map((v) => v.optionValues)).toEqual([[]]);
    }
  });

  it("SKUs are uppercase and unique per organisation", () => {
    for (const variant of variants) expect(variant.sku).toMatch(/^[A-Z0-9]+(-[A-Z0-9]+)*$/);
    for (const org of organisations) {
      expectUnique(
        productsOf(org.id).flatMap((p) => p.variants.map((v) => v.sku.toLowerCase())),
        `SKUs of ${org.name}`,
      );
    }
  });

  it("prices are positive integers; compare-at, on about 20%, is above the price", () => {
    for (const variant of variants) {
      expect(Number.isInteger(variant.priceMinor)).toBe(true);
      expect(variant.priceMinor).toBeGreaterThan(0);
      expect(variant.priceMinor).toBeLessThanOrEqual(9_999_999_999);
      if (variant.compareAtMinor !== null) {
        expect(Number.isInteger(variant.compareAtMinor)).toBe(true);
        expect(variant.compareAtMinor).toBeGreaterThan(variant.priceMinor);
      }
    }
    const onSale = variants.filter((v) => v.compareAtMinor !== null).length;
    expect(share(onSale, variants.length)).toBeGreaterThan(0.1);
    expect(share(onSale, variants.length)).toBeLessThan(0.3);
  });

  it("prices are in a realistic range for the category, in the organisation's currency", () => {
    const euros: Record<string, number> = { EUR: 1, GBP: 1 / 0.86, USD: 1 / 1.08, MXN: 1 / 20 };
    const ranges: Record<ProductCategory, [number, number]> = {
      electronics: [20, 2000],
      fashion: [15, 300],
      groceries: [1, 120],
      books: [5, 40],
      home: [10, 600],
      course: [20, 700],
      flight: [80, 3000],
      "car-rental": [20, 1000],
    };
    const currency = new Map(organisations.map((o) => [o.id, o.currency]));
    for (const product of products) {
      const rate = euros[currency.get(product.organisationId) ?? ""] ?? NaN;
      const [min, max] = ranges[product.category];
      for (const variant of product.variants) {
        const inEuros = (variant.priceMinor / 100) * rate;
        expect(inEuros, `${product.title} ${variant.sku}`).toBeGreaterThanOrEqual(min);
        expect(inEuros, `${product.title} ${variant.sku}`).toBeLessThanOrEqual(max);
      }
    }
  });

  it("stock is tracked for physical goods (not ebooks), with some sold out and some low", () => {
    const services: ProductCategory[] = ["course", "flight", "car-rental"];
    for (const product of products) {
      for (const variant of product.variants) {
        const digital = services.includes(product.category) || variant.optionValues[0] === "Ebook";
        expect(variant.trackStock, `${product.title} ${variant.sku}`).toBe(!digital);
        if (variant.trackStock) {
          expect(Number.isInteger(variant.stock)).toBe(true);
          expect(variant.stock).toBeGreaterThanOrEqual(0);
        } else {
          expect(variant.stock).toBeNull();
        }
      }
    }
    expect(variants.filter((v) => v.stock === 0).length).toBeGreaterThanOrEqual(10);
    expect(
      variants.filter((v) => v.stock !== null && v.stock > 0 && v.stock <= 5).length,
    ).toBeGreaterThanOrEqual(10);
  });
});

describe("attributes", () => {
  const required: Record<ProductCategory, Record<string, string>> = {
    electronics: {
      Wireless: "boolean",
      "Release date": "date",
      Connectivity: "severalOf",
      Colour: "colour",
    },
    fashion: { Material: "oneOf", Colour: "colour" },
    groceries: { Weight: "number", Organic: "boolean", Diet: "severalOf", "Best before": "date" },
    books: { Author: "text", Pages: "number", Language: "oneOf" },
    home: { Material: "oneOf", Dimensions: "text", Colour: "colour" },
    course: { Level: "oneOf", Duration: "number", Language: "oneOf", Certificate: "boolean" },
    flight: { Origin: "text", Destination: "text", Stops: "number", Duration: "number" },
    "car-rental": { Seats: "number", Transmission: "oneOf", Fuel: "oneOf" },
  };

  it("each category's attributes are there with their types", () => {
    for (const product of products) {
      const types = Object.fromEntries(product.attributes.map((a) => [a.name, a.type]));
      expect(types, product.title).toMatchObject(required[product.category]);
      expectUnique(
        product.attributes.map((a) => a.name.toLowerCase()),
        "attribute names",
      );
    }
    const electronics = products.filter((p) => p.category === "electronics");
    expect(
      electronics.some((p) =>
        p.attributes.some((a) => a.name === "Screen size" && a.unit === "in"),
      ),
    ).toBe(true);
    expect(
      electronics.some((p) => p.attributes.some((a) => a.name === "Battery" && a.unit === "mAh")),
    ).toBe(true);
  });

  it("every value fits its type, as the back office's attribute form reads it", () => {
    for (const product of products) {
      for (const attribute of product.attributes) {
        const { name, type, value, unit, choices } = attribute;
        const where = `${product.title} / ${name}`;
        expect(name.length, where).toBeLessThanOrEqual(60);
        const text = Array.isArray(value) ? value.join("\n") : String(value);
        expect(attributeValue(type, text, choices ?? []), where).toEqual(value);
        switch (type) {
          case "number":
            expect(typeof value, where).toBe("number");
            expect(Number.isFinite(value)).toBe(true);
            break;
          case "boolean":
            expect(typeof value, where).toBe("boolean");
            break;
          case "date":
            expect(value, where).toMatch(/^20[0-9]{2}-[0-9]{2}-[0-9]{2}$/);
            break;
          case "colour":
            expect(value, where).toMatch(/^#[0-9a-f]{6}$/);
            break;
          case "oneOf":
            expect(choices, where).toContain(value);
            break;
          case "severalOf":
            expect(Array.isArray(value) && value.length > 0, where).toBe(true);
            for (const item of value as string[]) expect(choices, where).toContain(item);
            break;
          case "text":
            expect(typeof value === "string" && value.trim() !== "", where).toBe(true);
        }
        if (type !== "oneOf" && type !== "severalOf") expect(choices, where).toBeUndefined();
        if (type !== "number") expect(unit, where).toBeUndefined();
      }
    }
  });
});

describe("external ids", () => {
  const keyed = (product: DemoProduct) =>
    product.externalIds.map((id) => {
      const result = validateExternalId(id.type, id.value);
      if (!result.ok) throw new Error(`${product.title}: ${id.type} ${id.value} ${result.reason}`);
      expect(result.value).toBe(id.value);
      return { ...id, matchKey: result.matchKey };
    });

  it("every id is valid and stored normalised", () => {
    for (const product of products) keyed(product);
  });

  it("no two products of an organisation share a matchKey", () => {
    for (const org of organisations) {
      expectUnique(
        productsOf(org.id).flatMap((p) => [...new Set(keyed(p).map((id) => id.matchKey))]),
        `matchKeys of ${org.name}`,
      );
    }
  });

  it("books: an ISBN-13 and the ISBN-10 of the same book", () => {
    for (const product of products.filter((p) => p.category === "books")) {
      const ids = keyed(product);
      expect(ids.map((id) => id.type).sort(), product.title).toEqual(["isbn10", "isbn13"]);
      const [first, second] = ids;
      expect(first?.matchKey).toBe(second?.matchKey);
      expect(ids.find((id) => id.type === "isbn13")?.value).toMatch(/^978/);
    }
  });

  it("most physical goods have a GTIN-13 (a UPC in the United States), about 30% an MPN", () => {
    const us = organisations.find((o) => o.country === "US")?.id;
    const goods = products.filter((p) =>
      ["electronics", "fashion", "groceries", "home"].includes(p.category),
    );
    const withGtin = goods.filter((p) =>
      p.externalIds.some((id) => id.type === (p.organisationId === us ? "upc" : "gtin13")),
    );
    expect(share(withGtin.length, goods.length)).toBeGreaterThanOrEqual(0.8);
    const services = products.filter((p) =>
      ["course", "flight", "car-rental"].includes(p.category),
    );
    expect(services.flatMap((p) => p.externalIds)).toEqual([]);
    const withMpn = products.filter((p) => p.externalIds.some((id) => id.type === "mpn"));
    expect(share(withMpn.length, products.length)).toBeGreaterThan(0.2);
    expect(share(withMpn.length, products.length)).toBeLessThan(0.4);
  });
});

describe("reviewers and reviews", () => {
  it("ten reviewers with unique demo addresses", () => {
    expect(reviewers).toHaveLength(10);
    for (const reviewer of reviewers) {
      expect(reviewer.email).toMatch(/^[a-z0-9.]+@demo\.livemarket\.test$/);
      expect(reviewer.displayName).not.toBe("");
    }
    expectUnique(
      reviewers.map((r) => r.email),
      "reviewer emails",
    );
  });

  it("about 300 reviews, one per reviewer and product, only on published products", () => {
    expect(reviews.length).toBeGreaterThanOrEqual(250);
    expect(reviews.length).toBeLessThanOrEqual(350);
    const publishedById = new Map(published.map((p) => [p.id, p]));
    const reviewerIds = new Set(reviewers.map((r) => r.id));
    for (const review of reviews) {
      const product = publishedById.get(review.productId);
      if (!product) throw new Error(`review ${review.id} is on an unpublished or unknown product`);
      expect(reviewerIds.has(review.authorUserId)).toBe(true);
      expect(Number.isInteger(review.daysAgo)).toBe(true);
      expect(review.daysAgo).toBeGreaterThanOrEqual(0);
      expect(review.daysAgo).toBeLessThanOrEqual(product.publishedDaysAgo);
      expect(review.title).not.toBe("");
      expect(review.body.length).toBeGreaterThan(20);
      expect(review.body).not.toMatch(/\{noun\}|undefined/);
    }
    expectUnique(
      reviews.map((r) => `${r.authorUserId}/${r.productId}`),
      "reviewer-product pairs",
    );
  });

  it("ratings lean positive and about 20% have the organisation's reply", () => {
    const count = (rating: number) => reviews.filter((r) => r.rating === rating).length;
    for (const rating of [1, 2, 3, 4, 5])
      expect(count(rating), `${rating} stars`).toBeGreaterThan(0);
    expect(count(5)).toBeGreaterThan(count(4));
    expect(count(4)).toBeGreaterThan(count(3));
    const mean = reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length;
    expect(mean).toBeGreaterThanOrEqual(3.8);
    const replied = reviews.filter((r) => r.reply !== null).length;
    expect(share(replied, reviews.length)).toBeGreaterThan(0.1);
    expect(share(replied, reviews.length)).toBeLessThan(0.3);
  });
});
