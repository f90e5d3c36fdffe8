import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import messages from "@/messages/en";
import {
  serverOnlyShellKeys,
  chunkLoadedNamespaces,
  clientMessageScopes,
  pickClientMessages,
  scopedClientMessages,
  shellClientNamespaces,
  type ClientMessageScope,
} from "./client-messages";

const root = path.resolve(import.meta.dirname, "../..");
const sourceDirs = ["app", "components", "lib"];

/**
 * The folders whose client components render under each scope's provider. A component in
 * one of them may read the scope's namespaces; anywhere else only the shell's.
 */
const scopeDirs: Record<ClientMessageScope, string[]> = {
  auth: ["app/[locale]/(auth)/", "app/[locale]/account/", "components/auth/"],
  profile: ["app/[locale]/profile/update/", "components/profile/"],
  profileForm: ["app/[locale]/profile/create/", "components/profile/profile-form.tsx"],
  addresses: [
    "app/[locale]/profile/my-addresses/create/",
    "app/[locale]/profile/my-addresses/[addressId]/",
    "components/addresses/address-form.tsx",
  ],
  checkout: ["components/checkout/"],
  // The form hook's validation messages: every scope with a form passes "validation".
  contact: ["app/[locale]/(public)/contact/", "lib/validation/messages.ts"],
  devTools: ["app/[locale]/(public)/dev/", "components/layout/dev-error-triggers.tsx"],
};

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

/** Checked page by page, by catalogue path: components/backoffice/screen-messages.test.ts. */
const backofficeDirs = ["app/[locale]/backoffice/", "components/backoffice/"];

const inShell = (namespace: string) =>
  (shellClientNamespaces as readonly string[]).includes(namespace);

describe("client messages", () => {
  it("passes every namespace a client component reads, in its folder's scope", async () => {
    const used = await usedNamespaces();
    expect(used.size).toBeGreaterThan(0);
    const allowed = (namespace: string, file: string) =>
      inShell(namespace) ||
      (Object.entries(chunkLoadedNamespaces) as [string, readonly string[]][]).some(
        ([loaded, dirs]) => loaded === namespace && dirs.some((dir) => file.startsWith(dir)),
      ) ||
      backofficeDirs.some((dir) => file.startsWith(dir)) ||
      (Object.keys(scopeDirs) as ClientMessageScope[]).some(
        (scope) =>
          scopeDirs[scope].some((dir) => file.startsWith(dir)) &&
          (clientMessageScopes[scope] as readonly string[]).some(
            (path) => path === namespace || path.startsWith(`${namespace}.`),
          ),
      );
    const missing = [...used.entries()]
      .map(
        ([namespace, files]) => [namespace, files.filter((f) => !allowed(namespace, f))] as const,
      )
      .filter(([, files]) => files.length > 0);
    expect(missing).toEqual([]);
  });

  it("gives the root document only the shell's namespaces", () => {
    const picked = pickClientMessages(messages);
    expect(Object.keys(picked).sort()).toEqual([...shellClientNamespaces].sort());
    expect(picked.ui.brand).toBe(messages.ui.brand);
    expect(picked.ui.nav).toEqual({ label: messages.ui.nav.label, toggle: messages.ui.nav.toggle });
    expect(picked.ui).not.toHaveProperty("footer");
    expect(picked.platform).not.toHaveProperty("offline");
    expect(picked.errors).toBe(messages.errors);
    expect(picked).not.toHaveProperty("auth");
    expect(picked).not.toHaveProperty("profile");
  });

  it("picks the shell's messages once per catalogue, and each locale's from its own", async () => {
    const spanish = (await import("@/messages/es")).default;
    expect(pickClientMessages(messages)).toBe(pickClientMessages(messages));
    const es = pickClientMessages(spanish);
    expect(es).not.toBe(pickClientMessages(messages));
    expect(es.ui.brand).toBe(spanish.ui.brand);
    expect(es.ui.nav.label).toBe(spanish.ui.nav.label);
    expect(es.ui.nav.label).not.toBe(messages.ui.nav.label);
  });

  it("gives a scope only its own namespaces, with their messages", () => {
    const picked = scopedClientMessages(messages, "contact");
    // Only the scope's own: the shell's are already in the browser (MergeMessages).
    expect(Object.keys(picked).sort()).toEqual(["contact", "validation"]);
    expect(picked.contact).toBe(messages.contact);
    expect(picked).not.toHaveProperty("auth");
    expect(picked).not.toHaveProperty("ui");
  });

  it("leaves out only keys that no client component reads", async () => {
    const omitted = Object.entries(serverOnlyShellKeys).flatMap(([namespace, keys]) =>
      (keys as readonly string[]).map((key) => `${namespace}.${key}`),
    );
    const read: string[] = [];
    for (const dir of sourceDirs) {
      for (const file of await sourceFiles(path.join(root, dir))) {
        const source = await readFile(file, "utf8");
        if (!/^["']use client["']/m.test(source)) continue;
        const namespaces = [
          ...source.matchAll(/useTranslations\(\s*["'`]([^"'`]*)["'`]\s*\)/g),
        ].map((match) => match[1] ?? "");
        const keys = [...source.matchAll(/\bt\(\s*["'`]([^"'`$]+)/g)].map(
          (match) => match[1] ?? "",
        );
        for (const namespace of namespaces) {
          for (const key of keys) read.push(`${namespace}.${key}`);
        }
      }
    }
    expect(read.length).toBeGreaterThan(20);
    const clashes = read.filter((key) =>
      omitted.some((path) => key === path || key.startsWith(`${path}.`)),
    );
    expect(clashes).toEqual([]);
    // Each omitted key exists (a renamed key would leave a stale entry here).
    for (const path of omitted) {
      const value = path
        .split(".")
        .reduce<unknown>(
          (node, part) => (node as Record<string, unknown> | undefined)?.[part],
          messages,
        );
      expect(value, path).toBeDefined();
    }
  });
});
