import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import messages from "@/messages/en";
import {
  backofficeClientNamespaces,
  clientNamespaces,
  pickClientMessages,
} from "./client-messages";

const root = path.resolve(import.meta.dirname, "../..");
const sourceDirs = ["app", "components", "lib"];

async function sourceFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await sourceFiles(full)));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) found.push(full);
  }
  return found;
}

/** Every `useTranslations(...)` call of the source: its namespace, or "" when it has none. */
/** Back-office client code: under these folders it may also read the back-office namespaces. */
const backofficeDirs = ["app/backoffice/", "components/backoffice/"];

async function usedNamespaces(): Promise<Map<string, string[]>> {
  const used = new Map<string, string[]>();
  for (const dir of sourceDirs) {
    for (const file of await sourceFiles(path.join(root, dir))) {
      const source = await readFile(file, "utf8");
      for (const match of source.matchAll(
        /useTranslations(?:<[^>]*>)?\(\s*(["'`]([^"'`]*)["'`])?\s*\)/g,
      )) {
        const namespace = (match[2] ?? "").split(".")[0] ?? "";
        used.set(namespace, [...(used.get(namespace) ?? []), path.relative(root, file)]);
      }
    }
  }
  return used;
}

describe("client messages", () => {
  it("covers every namespace that useTranslations reads", async () => {
    const used = await usedNamespaces();
    expect(used.size).toBeGreaterThan(0);
    const allowed = (namespace: string, file: string) =>
      (clientNamespaces as readonly string[]).includes(namespace) ||
      (backofficeDirs.some((dir) => file.startsWith(dir)) &&
        (backofficeClientNamespaces as readonly string[]).includes(namespace));
    const missing = [...used.entries()]
      .map(
        ([namespace, files]) => [namespace, files.filter((f) => !allowed(namespace, f))] as const,
      )
      .filter(([, files]) => files.length > 0);
    expect(missing).toEqual([]);
  });

  it("passes only those namespaces, with their messages", () => {
    const picked = pickClientMessages(messages);
    expect(Object.keys(picked).sort()).toEqual([...clientNamespaces].sort());
    expect(picked.ui).toBe(messages.ui);
    expect(Object.keys(messages).length).toBeGreaterThan(clientNamespaces.length);
  });
});
