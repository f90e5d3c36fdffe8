import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { shellClientNamespaces } from "@/components/layout/client-messages";
import messages from "@/messages/en";
import {
  backofficeMessageScopes,
  type BackofficeMessageScope,
  mergeMessages,
  pickMessagePaths,
} from "./screen-messages";
import {
  filesNamed,
  projectRoot,
  reachableModules,
  translationPaths,
} from "@/tests/support/import-graph";

const root = projectRoot;
const routes = path.join(root, "app/[locale]/backoffice");

const routeFiles = (dir: string) => filesNamed(dir, /^(page|layout|not-found|error|loading)\.tsx$/);

/**
 * A route file and every module of ours it renders or calls, loaded on demand too, except the
 * shell's (top bar, drawer, Quick Access: components/layout/client-messages.test.ts's).
 */
const reachable = (file: string) =>
  reachableModules(file, {
    skip: ["components/layout/", "components/quick-access/"],
    dynamic: true,
  });

/** The scope a route file wraps its content in (`<ScreenMessages scope="…">`), if any. */
async function scopeOf(file: string): Promise<BackofficeMessageScope | null> {
  const match = /<ScreenMessages\s+scope="([^"]+)"/.exec(await readFile(file, "utf8"));
  return (match?.[1] as BackofficeMessageScope | undefined) ?? null;
}

function covers(passed: readonly string[], used: string): boolean {
  return passed.some((p) => used === p || used.startsWith(`${p}.`));
}

describe("back-office screen messages", () => {
  it("passes every path a page's client components read, in the page's scope", async () => {
    const files = await routeFiles(routes);
    expect(files.length).toBeGreaterThan(20);
    const missing: string[] = [];
    for (const file of files) {
      const scope = await scopeOf(file);
      if (scope !== null) expect(Object.keys(backofficeMessageScopes)).toContain(scope);
      const passed = [...shellClientNamespaces, ...(scope ? backofficeMessageScopes[scope] : [])];
      for (const reached of await reachable(file)) {
        for (const used of await translationPaths(reached)) {
          if (!covers(passed, used)) {
            missing.push(
              `${path.relative(root, file)} (${scope ?? "no scope"}): ${path.relative(root, reached)} reads "${used}"`,
            );
          }
        }
      }
    }
    expect(missing).toEqual([]);
  }, 30_000); // Reads and parses every back-office page and its client components.

  it("names only paths of the catalogue", () => {
    for (const paths of Object.values(backofficeMessageScopes)) {
      for (const p of paths) {
        const [namespace = "", key] = p.split(".");
        const tree = (messages as unknown as Record<string, Record<string, unknown>>)[namespace];
        expect(tree, p).toBeDefined();
        if (key !== undefined) expect(tree?.[key], p).toBeDefined();
      }
    }
  });

  it("picks a scope's paths only, nested as in the catalogue", () => {
    const picked = pickMessagePaths(messages, backofficeMessageScopes.peopleList);
    expect(Object.keys(picked)).toEqual(["people"]);
    expect(picked.people).toEqual({
      filters: messages.people.filters,
      statuses: messages.people.statuses,
    });
    const whole = pickMessagePaths(messages, ["storage", "backoffice.errors", "validation"]);
    expect(whole.storage).toBe(messages.storage);
    expect(whole.backoffice).toEqual({ errors: messages.backoffice.errors });
    expect(whole.validation).toBe(messages.validation);
  });

  it("merges a screen's messages into the shell's without dropping either", () => {
    const shell = { ui: { close: "Close" }, people: { list: { title: "People" } } };
    const merged = mergeMessages(shell, {
      people: { filters: { search: "Search" } },
      validation: { required: "Required" },
    });
    expect(merged).toEqual({
      ui: { close: "Close" },
      people: { list: { title: "People" }, filters: { search: "Search" } },
      validation: { required: "Required" },
    });
    expect(shell.people).toEqual({ list: { title: "People" } });
  });
});
