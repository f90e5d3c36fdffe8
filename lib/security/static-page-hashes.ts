import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";

/**
 * The prerendered pages' inline scripts, by route (`/en/about` → `'sha256-…'` sources),
 * written after the build by scripts/write-static-page-hashes.ts into
 * `<distDir>/csp-static-pages.json`. A prerendered page's HTML is fixed for the build, so it
 * cannot carry a per-request nonce: the proxy gives it a policy that allows exactly its own
 * inline scripts by hash (docs/architecture.md, "Content-Security-Policy"). Under `next dev`,
 * or before a build wrote the file, there are none and every page gets the nonce policy.
 */
export const STATIC_PAGE_HASHES_FILE = "csp-static-pages.json";

let loaded: Map<string, string[]> | undefined;

export function staticPageHashes(route: string): string[] | undefined {
  loaded ??= load();
  return loaded.get(route);
}

/** Reads the file again at the next request (tests that write one). */
export function resetStaticPageHashesForTests(): void {
  loaded = undefined;
}

function load(): Map<string, string[]> {
  const file = path.join(process.cwd(), env().NEXT_DIST_DIR, STATIC_PAGE_HASHES_FILE);
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
    if (!parsed || typeof parsed !== "object") return new Map();
    return new Map(
      Object.entries(parsed).filter(
        (entry): entry is [string, string[]] =>
          Array.isArray(entry[1]) && entry[1].every((h) => typeof h === "string"),
      ),
    );
  } catch {
    return new Map();
  }
}
