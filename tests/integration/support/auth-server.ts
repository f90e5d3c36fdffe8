import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import * as route from "@/app/auth/v1/[...path]/route";
import { getApiKeys } from "@/lib/auth/service/keys";
import { resetEnvForTests } from "@/lib/env";

/**
 * The built-in auth service served in-process: a `fetch` that hands each Request to the
 * real route handler of app/auth/v1/[...path] (as Next does), and official supabase-js
 * clients wired to it. Each client gets its own client address (rate limits are per address).
 */
export const ORIGIN = "http://localhost:3000";

type Method = "GET" | "POST" | "PUT" | "DELETE" | "OPTIONS";

export interface Recorded {
  method: string;
  path: string;
}

export function inProcessFetch(options: { ip?: string; log?: Recorded[] } = {}): typeof fetch {
  const ip = options.ip ?? randomIp();
  return async (input, init) => {
    const request = new Request(input, init);
    request.headers.set("x-forwarded-for", ip);
    const url = new URL(request.url);
    const prefix = "/auth/v1/";
    if (!url.pathname.startsWith(prefix)) throw new Error(`Not an auth URL: ${url.pathname}`);
    const path = url.pathname
      .slice(prefix.length)
      .split("/")
      .filter(Boolean)
      .map(decodeURIComponent);
    options.log?.push({ method: request.method, path: path.join("/") });
    const handler = route[request.method as Method];
    if (!handler) throw new Error(`No handler for ${request.method}`);
    return handler(request, { params: Promise.resolve({ path }) });
  };
}

export function randomIp(): string {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  return `10.${octet()}.${octet()}.${octet()}`;
}

/**
 * supabase-js builds its realtime client eagerly and, on Node 20 (no global WebSocket),
 * refuses to start without a transport. These tests never open a channel: this one says so.
 */
class NoRealtime {
  constructor() {
    throw new Error("Realtime is not used by the auth tests.");
  }
}

export interface AuthClientOptions {
  /** The client's address (a random one by default). */
  ip?: string;
  log?: Recorded[];
  /** The service_role key (`auth.admin.*`) instead of the anon key. */
  key?: "anon" | "service";
  /** A key of one's own instead (a wrong one). */
  apiKey?: string;
  /** The PKCE flow: links and OAuth answer a code for `exchangeCodeForSession`. */
  pkce?: boolean;
  /** auth-js's passkey API (`auth.passkey.*`, `signInWithPasskey`, `registerPasskey`). */
  passkeys?: boolean;
  /** An `Origin` header on every request. */
  origin?: string;
}

export async function authClient(options: AuthClientOptions = {}): Promise<SupabaseClient> {
  const keys = await getApiKeys();
  const key = options.apiKey ?? (options.key === "service" ? keys.serviceRoleKey : keys.anonKey);
  return createClient(ORIGIN, key, {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      ...(options.pkce ? { flowType: "pkce" as const } : {}),
      ...(options.passkeys ? { experimental: { passkey: true } } : {}),
    },
    global: {
      fetch: inProcessFetch(options),
      ...(options.origin ? { headers: { Origin: options.origin } } : {}),
    },
    realtime: { transport: NoRealtime as unknown as typeof WebSocket },
  });
}

/** A client with the service_role key: the admin API (`auth.admin.*`). */
export const serviceClient = (): Promise<SupabaseClient> => authClient({ key: "service" });

/**
 * The settings a suite changes from test to test: the answer clears every one of `names`,
 * sets `values` and reloads the settings (lib/env), so each test starts from the defaults.
 */
export function settingsSwitch(names: readonly string[]): (values: Record<string, string>) => void {
  return (values) => {
    for (const name of names) delete process.env[name];
    Object.assign(process.env, values);
    resetEnvForTests();
  };
}

/** A raw request through the same handler (for the wire conventions). */
export async function rawRequest(
  method: Method,
  path: string,
  init: { body?: BodyInit; headers?: Record<string, string>; ip?: string } = {},
): Promise<Response> {
  const fetcher = inProcessFetch({ ip: init.ip });
  return fetcher(`${ORIGIN}/auth/v1/${path}`, {
    method,
    body: init.body,
    headers: { "content-type": "application/json", ...init.headers },
  });
}

let counter = 0;
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export const GOOD_PASSWORD = "correct horse battery staple";
