import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { absoluteUrl, pageMetadata, siteOrigin } from "@/lib/seo/metadata";
import { DISALLOWED_PATHS, sitemapEntries } from "@/lib/seo/sitemap-entries";

describe("pageMetadata", () => {
  const previous = process.env.SITE_URL;
  beforeEach(() => {
    process.env.SITE_URL = "https://market.example/";
    resetEnvForTests();
  });
  afterEach(() => {
    if (previous === undefined) delete process.env.SITE_URL;
    else process.env.SITE_URL = previous;
    resetEnvForTests();
  });

  it("sets the canonical link and Open Graph basics from SITE_URL", () => {
    expect(pageMetadata({ path: "/docs/x", title: "X", description: "About X" })).toEqual({
      title: "X",
      description: "About X",
      alternates: { canonical: "https://market.example/docs/x" },
      openGraph: {
        type: "website",
        url: "https://market.example/docs/x",
        title: "X",
        description: "About X",
        images: undefined,
      },
      twitter: { card: "summary", title: "X", description: "About X", images: undefined },
    });
  });

  it("shares a page's picture as an absolute URL in Open Graph and a large Twitter card", () => {
    const image = { path: "/api/public-files/f1", width: 800, height: 600, alt: "A lamp" };
    const metadata = pageMetadata({ path: "/p", title: "Lamp", description: "Bright", image });
    const shared = [
      { url: "https://market.example/api/public-files/f1", width: 800, height: 600, alt: "A lamp" },
    ];
    expect(metadata.openGraph).toMatchObject({ images: shared });
    expect(metadata.twitter).toEqual({
      card: "summary_large_image",
      title: "Lamp",
      description: "Bright",
      images: shared,
    });
  });

  it("builds absolute URLs on the site origin only", () => {
    expect(siteOrigin()).toBe("https://market.example");
    expect(absoluteUrl("/")).toBe("https://market.example/");
    expect(absoluteUrl("/about")).toBe("https://market.example/about");
  });
});

describe("sitemapEntries", () => {
  it("lists the public pages and every article on the given origin", () => {
    const entries = sitemapEntries("https://market.example", ["getting-started", "faq"]);
    const urls = entries.map((entry) => entry.url);
    expect(urls).toContain("https://market.example/");
    expect(urls).toContain("https://market.example/about");
    expect(urls).toContain("https://market.example/docs");
    expect(urls).toContain("https://market.example/docs/getting-started");
    expect(urls).toContain("https://market.example/docs/faq");
    expect(new Set(urls).size).toBe(urls.length);
    expect(entries.find((e) => e.url === "https://market.example/")?.priority).toBe(1);
  });

  it("never lists a path that robots.txt disallows", () => {
    for (const { url } of sitemapEntries("https://market.example", ["a"])) {
      const { pathname } = new URL(url);
      expect(
        DISALLOWED_PATHS.some((p) => pathname.startsWith(p)),
        pathname,
      ).toBe(false);
    }
  });
});
