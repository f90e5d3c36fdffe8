import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import messages from "@/messages/en";
import {
  clientMessageScopes,
  scopedClientMessages,
  shellClientNamespaces,
  type ClientMessageScope,
} from "@/components/layout/client-messages";
import {
  filesNamed,
  projectRoot,
  reachableModules,
  translationKeyPaths,
} from "@/tests/support/import-graph";

/**
 * The profile and account pages pass the browser only what their client components read
 * (components/layout/client-messages.ts): /profile/update the "profile" scope, /profile/create
 * "profileForm", /account/** "auth" (its layout), /profile and the invitations nothing beyond
 * the shell's. Follows each page's imports and fails when a component it renders reads a
 * catalogue path that the page's scope does not pass (the e2e suite would see a missing
 * message). Scopes may name parts of a namespace ("auth.passkey"): each translator's keys are
 * read (translationKeyPaths), and a key that cannot be read statically asks for the whole.
 */
const root = projectRoot;
const routeDirs = ["app/[locale]/profile", "app/[locale]/account"];

const pages = (dir: string) => filesNamed(dir, /^page\.tsx$/);
const reachable = (file: string) => reachableModules(file);

const covers = (passed: readonly string[], used: string) =>
  passed.some((p) => used === p || used.startsWith(`${p}.`));

/** The scope of a page: its own `<ScopedMessages scope="…">`, else its folders' layouts'. */
async function scopeOf(page: string): Promise<ClientMessageScope | null> {
  const pattern = /<ScopedMessages\s+scope="([^"]+)"/;
  for (let dir = path.dirname(page); dir.startsWith(root); dir = path.dirname(dir)) {
    for (const name of dir === path.dirname(page) ? ["page.tsx", "layout.tsx"] : ["layout.tsx"]) {
      const file = path.join(dir, name);
      const match = existsSync(file) ? pattern.exec(await readFile(file, "utf8")) : null;
      if (match) return match[1] as ClientMessageScope;
    }
    if (routeDirs.some((routeDir) => dir === path.join(root, routeDir))) break;
  }
  return null;
}

describe("profile and account page messages", () => {
  it("passes every catalogue path a page's client components read", async () => {
    const files = (await Promise.all(routeDirs.map((dir) => pages(path.join(root, dir))))).flat();
    expect(files.length).toBeGreaterThan(5);
    const missing: string[] = [];
    const scopes = new Map<string, ClientMessageScope | null>();
    for (const file of files) {
      const scope = await scopeOf(file);
      scopes.set(path.relative(root, file), scope);
      const passed: readonly string[] = [
        ...shellClientNamespaces,
        ...(scope ? clientMessageScopes[scope] : []),
      ];
      for (const reached of await reachable(file)) {
        for (const used of await translationKeyPaths(reached)) {
          if (!covers(passed, used)) {
            missing.push(
              `${path.relative(root, file)}: ${path.relative(root, reached)} reads "${used}"`,
            );
          }
        }
      }
    }
    expect(missing).toEqual([]);
    // The pages that send a catalogue of their own, and which.
    expect(scopes.get("app/[locale]/profile/page.tsx")).toBeNull();
    expect(scopes.get("app/[locale]/profile/create/page.tsx")).toBe("profileForm");
    expect(scopes.get("app/[locale]/profile/update/page.tsx")).toBe("profile");
    expect(scopes.get("app/[locale]/account/reset-password/page.tsx")).toBe("auth");
  });

  it("gives the profile settings the parts of 'auth' they read, not the sign-in pages' texts", () => {
    const picked = scopedClientMessages(messages, "profile");
    expect(Object.keys(picked.auth ?? {}).sort()).toEqual([
      "errors",
      "login",
      "mfa",
      "noScript",
      "passkey",
    ]);
    expect(picked.auth?.passkey).toBe(messages.auth.passkey);
    expect(picked.profile).toBe(messages.profile);
  });
});
