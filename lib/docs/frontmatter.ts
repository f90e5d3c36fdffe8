/**
 * The front matter of a help article: a `---` block of `key: value` lines at the top of the
 * Markdown file. Only flat string values are used (title, summary, order), so a small strict
 * parser is enough and no YAML library is needed.
 */
export interface Frontmatter {
  data: Record<string, string>;
  body: string;
}

const FENCE = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

export function parseFrontmatter(source: string): Frontmatter {
  const text = source.replace(/^\uFEFF/, "");
  const match = FENCE.exec(text);
  if (!match) return { data: {}, body: text };
  const data: Record<string, string> = {};
  for (const line of (match[1] ?? "").split(/\r?\n/)) {
    if (!line.trim() || line.trimStart().startsWith("#")) continue;
    const colon = line.indexOf(":");
    if (colon <= 0) throw new Error(`Invalid front matter line: ${line}`);
    const key = line.slice(0, colon).trim();
    data[key] = unquote(line.slice(colon + 1).trim());
  }
  return { data, body: text.slice(match[0].length) };
}

function unquote(value: string): string {
  const quote = value[0];
  if ((quote === '"' || quote === "'") && value.length >= 2 && value.endsWith(quote)) {
    return value.slice(1, -1);
  }
  return value;
}
