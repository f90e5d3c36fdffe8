import { readdirSync } from "node:fs";
import path from "node:path";

/** Every page.tsx under app/, as the URL pattern it serves (`/docs/[slug]`, `/[...catchAll]`). */
export function appPagePatterns(
  dir = path.join(process.cwd(), "app"),
  segments: string[] = [],
): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && /^page\.(tsx|ts|jsx|js|mdx)$/.test(entry.name)) {
      found.push(`/${segments.join("/")}`);
    }
    if (!entry.isDirectory()) continue;
    const name = entry.name;
    // Private folders, parallel slots and intercepting routes add no URL of their own.
    if (name.startsWith("_") || name.startsWith("@") || name.startsWith("(.")) continue;
    // A route group `(public)` organises files without changing the URL, and neither does the
    // root `[locale]` segment: the proxy rewrites each URL to it (lib/i18n/locale-rewrite.ts).
    const invisible = /^\(.+\)$/.test(name) || (segments.length === 0 && name === "[locale]");
    const next = invisible ? segments : [...segments, name];
    found.push(...appPagePatterns(path.join(dir, name), next));
  }
  return found;
}
