/**
 * Runs after `next build` (npm "postbuild"): reads the HTML of every page the build
 * prerendered (`<distDir>/server/app/**.html`) and writes the sha256 of each one's inline
 * scripts to `<distDir>/csp-static-pages.json` (route → `'sha256-…'` sources). The proxy gives
 * those pages a Content-Security-Policy with exactly these hashes instead of a nonce
 * (lib/security/static-page-hashes.ts, docs/architecture.md "Content-Security-Policy").
 */
import { readdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { inlineScriptSources } from "../lib/security/inline-scripts";

const distDir = process.env.NEXT_DIST_DIR || ".next";
const root = path.join(distDir, "server", "app");

async function* htmlFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(full);
    else if (entry.name.endsWith(".html")) yield full;
  }
}

const pages: Record<string, string[]> = {};
for await (const file of htmlFiles(root)) {
  const relative = path.relative(root, file).split(path.sep).join("/");
  // Next's own error pages are served for other URLs, never through the rewrite.
  if (relative.startsWith("_")) continue;
  const route = `/${relative.replace(/\.html$/, "")}`.replace(/\/index$/, "") || "/";
  pages[route] = inlineScriptSources(await readFile(file, "utf8"));
}
const target = path.join(distDir, "csp-static-pages.json");
const temporary = `${target}.${process.pid}.tmp`;
await writeFile(temporary, `${JSON.stringify(pages)}\n`);
await rename(temporary, target);
console.log(`Wrote ${target} (${Object.keys(pages).length} prerendered pages)`);
