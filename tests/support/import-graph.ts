import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/**
 * Static reading of our own modules, for the tests that check which catalogue messages each
 * page sends its client components (components/profile/profile-messages.test.ts,
 * components/backoffice/screen-messages.test.ts).
 */
export const projectRoot = path.resolve(import.meta.dirname, "../..");

/** The files under `dir` whose name matches `name` (route files: page.tsx, layout.tsx …). */
export async function filesNamed(dir: string, name: RegExp): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await filesNamed(full, name)));
    else if (name.test(entry.name)) found.push(full);
  }
  return found;
}

/** The module an import names, if it is one of ours (not a package) and outside `skip`. */
function resolveImport(from: string, specifier: string, skip: readonly string[]): string | null {
  const base = specifier.startsWith("@/")
    ? path.join(projectRoot, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base || skip.some((dir) => base.startsWith(path.join(projectRoot, dir)))) return null;
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/**
 * A file and every module of ours it imports (type-only imports and tests left out), and with
 * `dynamic` the chunks it loads on demand (`import("…")`: a dialog's body, `next/dynamic`).
 * Folders in `skip` (relative to the project) are not followed.
 */
export async function reachableModules(
  file: string,
  { skip = [], dynamic = false }: { skip?: readonly string[]; dynamic?: boolean } = {},
): Promise<string[]> {
  const seen = new Set<string>();
  const queue = [file];
  while (queue.length > 0) {
    const current = queue.pop() as string;
    if (seen.has(current)) continue;
    seen.add(current);
    const source = await readFile(current, "utf8");
    for (const match of source.matchAll(
      /^(?:import|export)\s+(type\s+)?(?:([^;]*?)\sfrom\s+)?["']([^"']+)["']/gm,
    )) {
      const typesOnly = /^\{(?:\s*type\s+\w+\s*,?)+\}$/.test(match[2]?.trim() ?? "");
      if (match[1] || typesOnly) continue;
      const target = resolveImport(current, match[3] ?? "", skip);
      if (target && !/\.test\.tsx?$/.test(target)) queue.push(target);
    }
    if (!dynamic) continue;
    for (const match of source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) {
      const target = resolveImport(current, match[1] ?? "", skip);
      if (target) queue.push(target);
    }
  }
  return [...seen];
}

/**
 * The message paths a module reads with `useTranslations` ("" when it names none). Comments
 * are left out: a comment may name a call the module does not make.
 */
export async function translationPaths(file: string): Promise<string[]> {
  const source = (await readFile(file, "utf8"))
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:])\/\/.*$/gm, "$1");
  return [...source.matchAll(/useTranslations(?:<[^>]*>)?\(\s*(?:["'`]([^"'`]*)["'`])?\s*\)/g)].map(
    (match) => match[1] ?? "",
  );
}

/**
 * The catalogue paths a module reads, one level under each `useTranslations` namespace it
 * binds (`const t = useTranslations("auth")` and `t("passkey.errors.failed")` read
 * "auth.passkey"). A call's key may be any expression: every string in it counts (both
 * branches of a `?:`, a template's fixed start). A call with no string in it, or the
 * translator handed on to other code, reads its whole namespace, as does a call without a
 * name. A hook's dependency list (`[t]`) reads nothing.
 */
export async function translationKeyPaths(file: string): Promise<string[]> {
  const source = (await readFile(file, "utf8"))
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:])\/\/.*$/gm, "$1");
  const paths = new Set<string>();
  for (const binding of source.matchAll(
    /(?:const\s+(\w+)\s*=\s*)?useTranslations(?:<[^>]*>)?\(\s*(?:["'`]([^"'`]*)["'`])?\s*\)/g,
  )) {
    const [, name, namespace = ""] = binding;
    if (!name || !namespace) {
      paths.add(namespace);
      continue;
    }
    const bound = binding.index + binding[0].search(new RegExp(`\\b${name}\\b`));
    for (const use of source.matchAll(new RegExp(`\\b${name}\\b`, "g"))) {
      if (use.index === bound || source[use.index - 1] === ".") continue;
      const after = source.slice(use.index + name.length);
      if (/^\s*[,\]]/.test(after) && /[[,]\s*$/.test(source.slice(0, use.index))) continue;
      const call = /^\s*\(/.exec(after);
      if (!call) {
        paths.add(namespace);
        continue;
      }
      const keys = [...callArguments(after.slice(call[0].length)).matchAll(/["'`]([^"'`$.]*)/g)]
        .map((match) => match[1] ?? "")
        .filter((key) => /^\w+$/.test(key));
      if (keys.length === 0) paths.add(namespace);
      for (const key of keys) paths.add(`${namespace}.${key}`);
    }
  }
  return [...paths];
}

/** The text of a call's arguments, from just after its `(` to its matching `)`. */
function callArguments(text: string): string {
  let depth = 1;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0) return text.slice(0, i);
  }
  return text;
}
