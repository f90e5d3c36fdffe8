import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDocsLoader, getDoc, isDocSlug, listDocs } from "@/lib/docs/docs";
import { parseFrontmatter } from "@/lib/docs/frontmatter";

describe("parseFrontmatter", () => {
  it("reads key: value lines and returns the body after the fence", () => {
    const { data, body } = parseFrontmatter(
      '---\ntitle: "Hello: world"\nsummary: It works\norder: 3\n# a comment\n---\n\n## Body\n',
    );
    expect(data).toEqual({ title: "Hello: world", summary: "It works", order: "3" });
    expect(body).toBe("\n## Body\n");
  });

  it("handles CRLF, a BOM and single quotes", () => {
    const { data, body } = parseFrontmatter("\uFEFF---\r\ntitle: 'T'\r\n---\r\nText");
    expect(data).toEqual({ title: "T" });
    expect(body).toBe("Text");
  });

  it("treats a file without front matter as all body", () => {
    expect(parseFrontmatter("# Just text\n")).toEqual({ data: {}, body: "# Just text\n" });
  });

  it("refuses a line that is not key: value", () => {
    expect(() => parseFrontmatter("---\nnot a pair\n---\n")).toThrow(/front matter/);
  });
});

describe("isDocSlug", () => {
  it.each(["getting-started", "a", "faq-2"])("accepts %s", (slug) => {
    expect(isDocSlug(slug)).toBe(true);
  });
  it.each(["", "../secrets", "a/b", "Upper", "-lead", "trail-", "a--b", "a.md", "%2e%2e"])(
    "refuses %j",
    (slug) => {
      expect(isDocSlug(slug)).toBe(false);
    },
  );
});

describe("createDocsLoader", () => {
  let root: string;
  const article = (title: string, order: number, body = "Body") =>
    `---\ntitle: ${title}\nsummary: About ${title}\norder: ${order}\n---\n${body}\n`;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "docs-"));
    await mkdir(path.join(root, "en"));
    await mkdir(path.join(root, "es"));
    await writeFile(path.join(root, "en", "second.md"), article("Second", 2));
    await writeFile(path.join(root, "en", "first.md"), article("First", 1, "English body"));
    await writeFile(path.join(root, "en", "also-second.md"), article("Also second", 2));
    await writeFile(path.join(root, "en", "notes.txt"), "ignored");
    await writeFile(path.join(root, "es", "first.md"), article("Primero", 1, "Cuerpo"));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("lists articles by order, then by title", async () => {
    const docs = await createDocsLoader(root).listDocs("en");
    expect(docs.map((doc) => doc.slug)).toEqual(["first", "also-second", "second"]);
    expect(docs[0]).toEqual({
      slug: "first",
      title: "First",
      summary: "About First",
      order: 1,
      locale: "en",
    });
  });

  it("serves the translation where there is one and English otherwise", async () => {
    const docs = await createDocsLoader(root).listDocs("es");
    expect(docs.map((doc) => [doc.slug, doc.title, doc.locale])).toEqual([
      ["first", "Primero", "es"],
      ["also-second", "Also second", "en"],
      ["second", "Second", "en"],
    ]);
    const loader = createDocsLoader(root);
    expect(await loader.getDoc("first", "es")).toMatchObject({ locale: "es", body: "Cuerpo\n" });
    expect(await loader.getDoc("second", "es")).toMatchObject({ locale: "en", title: "Second" });
  });

  it("returns null for unknown or unsafe slugs", async () => {
    const loader = createDocsLoader(root);
    expect(await loader.getDoc("missing", "en")).toBeNull();
    expect(await loader.getDoc("../en/first", "en")).toBeNull();
    expect(await loader.getDoc("notes", "en")).toBeNull();
  });

  it("fails loudly on an article with invalid front matter", async () => {
    const broken = await mkdtemp(path.join(tmpdir(), "docs-broken-"));
    await mkdir(path.join(broken, "en"));
    await writeFile(path.join(broken, "en", "bad.md"), "---\ntitle: Only a title\n---\nText");
    await expect(createDocsLoader(broken).getDoc("bad", "en")).rejects.toThrow(/front matter/);
    await rm(broken, { recursive: true, force: true });
  });

  it("returns nothing when the content folder is missing", async () => {
    expect(await createDocsLoader(path.join(root, "nowhere")).listDocs("es")).toEqual([]);
  });
});

describe("the help centre's own articles", () => {
  it("are valid, uniquely ordered, and all translated to Spanish", async () => {
    const en = await listDocs("en");
    const es = await listDocs("es");
    expect(en.length).toBeGreaterThanOrEqual(4);
    expect(new Set(en.map((doc) => doc.order)).size).toBe(en.length);
    expect(es.map((doc) => doc.slug)).toEqual(en.map((doc) => doc.slug));
    expect(es.every((doc) => doc.locale === "es")).toBe(true);
  });

  it("link only to pages and articles that exist", async () => {
    const en = await listDocs("en");
    const slugs = new Set(en.map((doc) => doc.slug));
    for (const locale of ["en", "es"] as const) {
      for (const { slug } of en) {
        const doc = await getDoc(slug, locale);
        const links = [...(doc?.body ?? "").matchAll(/\]\((\/[^)\s]*)\)/g)].map((m) => m[1]);
        for (const link of links) {
          if (link?.startsWith("/docs/")) expect(slugs, link).toContain(link.slice(6));
          else
            expect(["/contact", "/docs", "/partners", "/about"], `${slug}: ${link}`).toContain(
              link,
            );
        }
      }
    }
  });
});
