// First: Next's server sets AsyncLocalStorage on globalThis before its stores are created.
import "next/dist/server/node-environment-baseline";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, vi, type MockInstance } from "vitest";
import { workAsyncStorage } from "next/dist/server/app-render/work-async-storage.external";
import { workUnitAsyncStorage } from "next/dist/server/app-render/work-unit-async-storage.external";
import { createRequestStoreForAPI } from "next/dist/server/async-storage/request-store";
import { createWorkStore } from "next/dist/server/async-storage/work-store";
import { users } from "@/lib/auth/schema";
import { createAuthServerClient } from "@/lib/auth/server/server-client";
import { hashPassword } from "@/lib/auth/service/passwords";
import { getDb } from "@/lib/db/client";
import { runAsSystem } from "@/lib/db/run-context";

/**
 * Page doors and route handlers read the caller from the request's cookies (next/headers →
 * @supabase/ssr → getClaims). To call the real exports from a test, this signs a test user
 * in through the built-in auth service (a real password grant; the cookies land in a jar as
 * the browser would keep them) and runs a function inside a request scope made by Next's
 * own stores (the ones its route-handler module sets up), so `cookies()` and `headers()`
 * answer with that jar. Nothing about the session is faked: the JWT is verified as in
 * production. Next's internal store factories are imported by path: if a Next upgrade moves
 * them, this helper is the one place to adapt.
 */
export type CookieJar = Map<string, string>;

const ORIGIN = "http://localhost:3000";
const PASSWORD = "Correct-Horse-Battery-9";

function randomIp(): string {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  return `10.${octet()}.${octet()}.${octet()}`;
}

/** Signs each user in once: the jar of their first sign-in for every later call. */
export function cookieJars(): (user: { userId: string; email: string }) => Promise<CookieJar> {
  const jars = new Map<string, CookieJar>();
  return async (user) => {
    let jar = jars.get(user.userId);
    if (!jar) {
      jar = await signInCookies(user);
      jars.set(user.userId, jar);
    }
    return jar;
  };
}

/** Signs in a user (created by the support helpers) and returns their session cookies. */
export async function signInCookies(user: { userId: string; email: string }): Promise<CookieJar> {
  const encryptedPassword = await hashPassword(PASSWORD);
  await runAsSystem(getDb(), "test: password", (tx) =>
    tx.update(users).set({ encryptedPassword }).where(eq(users.id, user.userId)),
  );
  const jar: CookieJar = new Map();
  const client = await createAuthServerClient(
    {
      getAll: () => [...jar].map(([name, value]) => ({ name, value })),
      setAll: (toSet) => {
        for (const { name, value } of toSet) {
          if (value) jar.set(name, value);
          else jar.delete(name);
        }
      },
    },
    randomIp(),
  );
  const { data, error } = await client.auth.signInWithPassword({
    email: user.email,
    password: PASSWORD,
  });
  if (error || !data.session) throw new Error(`sign-in failed: ${error?.message ?? "no session"}`);
  return jar;
}

/** A request to this site carrying the jar's cookies (same-origin, as the browser sends). */
export function siteRequest(
  path: string,
  init: { method?: string; body?: BodyInit; headers?: Record<string, string> } = {},
  jar: CookieJar = new Map(),
): Request {
  const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  return new Request(`${ORIGIN}${path}`, {
    method: init.method ?? "GET",
    body: init.body,
    headers: {
      ...(cookie ? { cookie } : {}),
      "x-forwarded-for": randomIp(),
      "sec-fetch-site": "same-origin",
      ...init.headers,
    },
  });
}

/** Runs `fn` as Next runs a route handler or a page for `request`. */
export function inRequestScope<T>(request: Request, fn: () => Promise<T>): Promise<T> {
  const url = new URL(request.url);
  const page = `${url.pathname}/route`;
  const workStore = createWorkStore({
    page,
    renderOpts: {
      experimental: {},
      cacheLifeProfiles: {},
      isOnDemandRevalidate: false,
      isDraftMode: false,
    } as never,
    isPrefetchRequest: false,
    buildId: `test-${randomUUID()}`,
    previouslyRevalidatedTags: [],
  } as never);
  const requestStore = createRequestStoreForAPI(
    { headers: request.headers } as never,
    { pathname: url.pathname, search: url.search },
    undefined as never,
    undefined,
    undefined as never,
    undefined,
  );
  return workAsyncStorage.run(workStore, () => workUnitAsyncStorage.run(requestStore, fn));
}

/** Calls a route handler export with its dynamic params, as Next does. */
export function callRoute<P>(
  handler: (request: Request, context: { params: Promise<P> }) => Promise<Response>,
  request: Request,
  params: P,
): Promise<Response> {
  return inRequestScope(request, () => handler(request, { params: Promise.resolve(params) }));
}

/** The HTTP status a page door threw (notFound() → 404), or "rendered" if it did not throw. */
export async function pageOutcome(fn: () => Promise<unknown>): Promise<number | "rendered"> {
  try {
    await fn();
    return "rendered";
  } catch (error) {
    const digest = (error as { digest?: unknown } | null)?.digest;
    const match =
      typeof digest === "string" ? /^NEXT_HTTP_ERROR_FALLBACK;(\d+)$/.exec(digest) : null;
    if (match) return Number(match[1]);
    throw error;
  }
}

// ── Server actions ───────────────────────────────────────────────────────────────────────

/** What an action answered, as Next would send it: a value, a redirect, or an HTTP status. */
export type ActionOutcome =
  | { kind: "answer"; value: unknown }
  | { kind: "redirect"; target: string }
  | { kind: "status"; status: number };

/**
 * Runs `run` as a server action of `jar`'s caller. The request scope is a route handler's; an
 * action's differs in what a successful write then calls: revalidatePath and updateTag need an
 * incremental cache and a page that is not a route. They only record the tags to expire on the
 * work store, so a cache that is never asked for anything stands in.
 */
export async function actionOutcome(
  jar: CookieJar,
  run: () => Promise<unknown>,
): Promise<ActionOutcome> {
  try {
    const value = await inRequestScope(siteRequest("/backoffice", { method: "POST" }, jar), () => {
      const store = workAsyncStorage.getStore() as { incrementalCache?: unknown; page: string };
      store.incrementalCache = {};
      store.page = "/backoffice/action";
      return run();
    });
    return { kind: "answer", value };
  } catch (error) {
    const digest = (error as { digest?: unknown } | null)?.digest;
    if (typeof digest === "string") {
      const redirect = /^NEXT_REDIRECT;\w+;(.*);\d+;$/s.exec(digest);
      if (redirect) return { kind: "redirect", target: redirect[1]! };
      const status = /^NEXT_HTTP_ERROR_FALLBACK;(\d+)$/.exec(digest);
      if (status) return { kind: "status", status: Number(status[1]) };
    }
    throw error;
  }
}

/** Keeps the actions' expected error and warning logs out of the test output. */
export function quietConsole(): void {
  let logged: MockInstance<typeof console.error>;
  let warned: MockInstance<typeof console.warn>;
  beforeEach(() => {
    logged = vi.spyOn(console, "error").mockImplementation(() => {});
    warned = vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => {
    logged.mockRestore();
    warned.mockRestore();
  });
}
