import { createHash } from "node:crypto";

/** `'sha256-…'`, the CSP source that allows an inline script with exactly this text. */
export function scriptHashSource(script: string): string {
  return `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`;
}

/**
 * The hash sources of the inline scripts of an HTML document: every `<script>` without a
 * `src` whose type runs as JavaScript (none, `text/javascript`, `module`), each once, in
 * order. Data blocks (`application/json`, `application/ld+json`) do not run and need none.
 */
export function inlineScriptSources(html: string): string[] {
  const sources = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== "text/javascript" && type !== "module") continue;
    sources.add(scriptHashSource(match[2] ?? ""));
  }
  return [...sources];
}
