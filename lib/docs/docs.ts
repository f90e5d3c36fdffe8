import "server-only";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { defaultLocale, type Locale } from "@/lib/i18n/config";
import { parseFrontmatter } from "./frontmatter";

/**
 * Help articles (/docs): Markdown files in content/docs/<locale>/<slug>.md with a front
 * matter of title, summary and order. English is complete; another locale may translate
 * some articles, and the English one is served for the others.
 */

export interface DocSummary {
  slug: string;
  title: string;
  summary: string;
  order: number;
  /** The locale the article is written in (the requested one, or English as a fallback). */
  locale: Locale;
}

export interface Doc extends DocSummary {
  /** The Markdown body, without the front matter. */
  body: string;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const frontmatterSchema = z.object({
  title: z.string().min(1),
  summary: z.string().min(1),
  order: z.coerce.number().int(),
});

export function isDocSlug(value: string): boolean {
  return SLUG.test(value);
}

export interface DocsLoader {
  listDocs(locale: Locale): Promise<DocSummary[]>;
  getDoc(slug: string, locale: Locale): Promise<Doc | null>;
}

/** A loader over one content folder (the app's, or a fixture in tests). */
export function createDocsLoader(root: string): DocsLoader {
  async function slugsOf(locale: Locale): Promise<string[]> {
    try {
      const files = await readdir(path.join(root, locale));
      return files
        .filter((file) => file.endsWith(".md"))
        .map((file) => file.slice(0, -".md".length))
        .filter(isDocSlug);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
  }

  async function read(slug: string, locale: Locale): Promise<Doc | null> {
    let source: string;
    try {
      source = await readFile(path.join(root, locale, `${slug}.md`), "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
    const { data, body } = parseFrontmatter(source);
    const parsed = frontmatterSchema.safeParse(data);
    if (!parsed.success) {
      throw new Error(`content/docs/${locale}/${slug}.md: invalid front matter`);
    }
    return { slug, locale, body, ...parsed.data };
  }

  async function getDoc(slug: string, locale: Locale): Promise<Doc | null> {
    if (!isDocSlug(slug)) return null;
    const own = locale === defaultLocale ? null : await read(slug, locale);
    return own ?? (await read(slug, defaultLocale));
  }

  async function listDocs(locale: Locale): Promise<DocSummary[]> {
    const slugs = new Set([...(await slugsOf(defaultLocale)), ...(await slugsOf(locale))]);
    const docs = await Promise.all([...slugs].map((slug) => getDoc(slug, locale)));
    return docs
      .filter((doc): doc is Doc => doc !== null)
      .map(({ body: _body, ...summary }) => summary)
      .sort((a, b) => a.order - b.order || a.title.localeCompare(b.title));
  }

  return { listDocs, getDoc };
}

const appDocs = createDocsLoader(path.join(process.cwd(), "content", "docs"));

export const listDocs = appDocs.listDocs;
export const getDoc = appDocs.getDoc;
