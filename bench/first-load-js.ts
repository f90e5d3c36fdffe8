/**
 * First-load JavaScript per page, from the build output. Next 16 with Turbopack no longer
 * prints sizes, so: for each page, its client reference manifest
 * (`server/app/<route>/page_client-reference-manifest.js`) lists, per segment (root layout,
 * group layouts, error and not-found boundaries, the page), the JS chunks the browser loads
 * for it (`entryJSFiles`). Their union plus the build manifest's `rootMainFiles` (the runtime
 * every page loads) is the page's first-load JS; each file is gzipped (level 9) and summed.
 * Polyfills (`nomodule`) are left out: modern browsers never load them. The root not-found
 * boundary's own chunks (`app/not-found`, and `app/global-not-found` since pages moved under
 * app/[locale]) are left out too: Chromium's network log against a production build shows no
 * page loading them on a visit (docs/bench.md); the group's `not-found` and Next's builtin one
 * are loaded, and counted.
 *
 * Pages live under app/[locale]/ (one page per locale, the URL has no locale): the manifest
 * key `/[locale]/(public)/about/page` is reported as `/about`.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import vm from "node:vm";
import { gzipSync } from "node:zlib";

type ClientReferenceManifest = { entryJSFiles?: Record<string, string[]> };

export type FirstLoad = { route: string; files: number; gzipBytes: number };

async function findManifests(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await findManifests(full)));
    else if (entry.name === "page_client-reference-manifest.js") found.push(full);
  }
  return found;
}

function loadManifest(source: string): Record<string, ClientReferenceManifest> {
  const sandbox: {
    globalThis?: unknown;
    __RSC_MANIFEST?: Record<string, ClientReferenceManifest>;
  } = {};
  sandbox.globalThis = sandbox;
  vm.runInNewContext(source, sandbox);
  return sandbox.__RSC_MANIFEST ?? {};
}

/** `/[locale]/(public)/about/page` → `/about`: no route group, no locale segment. */
export function routeFromManifestKey(key: string): string {
  const segments = key
    .replace(/\/page$/, "")
    .split("/")
    .filter((s) => s && s !== "[locale]" && !(s.startsWith("(") && s.endsWith(")")));
  return `/${segments.join("/")}`;
}

/** Whether a segment's chunks load on a first visit of a page (see the header). */
export function loadedOnFirstVisit(segment: string): boolean {
  return !/\/app\/(global-)?not-found$/.test(segment);
}

/** First-load JS targets (KiB gzipped): public pages (docs/bench.md) and issue 10's. */
export const PUBLIC_FIRST_LOAD_TARGET_KB = 150;
export const SIGNED_IN_FIRST_LOAD_TARGET_KB = 200;

/**
 * The target of a page: ≤ 200 kB for sign-in (login, register, forgot password, password
 * reset), profile and back-office pages; ≤ 150 kB for every other page (public content).
 */
export function firstLoadTargetKb(route: string): number {
  return /^\/(login|register|forgot-password|account|profile|backoffice)(\/|$)/.test(route)
    ? SIGNED_IN_FIRST_LOAD_TARGET_KB
    : PUBLIC_FIRST_LOAD_TARGET_KB;
}

export async function firstLoadJs(distDir: string): Promise<FirstLoad[]> {
  const buildManifest = JSON.parse(
    await readFile(path.join(distDir, "build-manifest.json"), "utf8"),
  ) as { rootMainFiles?: string[] };
  const sizes = new Map<string, number>();
  const gzipSize = async (file: string) => {
    const known = sizes.get(file);
    if (known !== undefined) return known;
    const size = gzipSync(await readFile(path.join(distDir, file)), { level: 9 }).length;
    sizes.set(file, size);
    return size;
  };

  const results: FirstLoad[] = [];
  for (const file of await findManifests(path.join(distDir, "server", "app"))) {
    const manifests = loadManifest(await readFile(file, "utf8"));
    for (const [key, manifest] of Object.entries(manifests)) {
      const files = new Set(buildManifest.rootMainFiles ?? []);
      for (const [segment, chunks] of Object.entries(manifest.entryJSFiles ?? {})) {
        if (!loadedOnFirstVisit(segment)) continue;
        for (const chunk of chunks) files.add(chunk.replace(/^\/_next\//, ""));
      }
      let gzipBytes = 0;
      for (const chunk of files) gzipBytes += await gzipSize(chunk);
      results.push({ route: routeFromManifestKey(key), files: files.size, gzipBytes });
    }
  }
  return results.sort((a, b) => a.route.localeCompare(b.route));
}
