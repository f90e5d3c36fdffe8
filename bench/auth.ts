/**
 * The auth part of `npm run bench` (docs/bench.md "Auth"): password sign-in and token refresh
 * requests/s against the baseline page, the proxy's added latency on a signed-in page request,
 * and page latency during a burst of password sign-ins.
 *
 * - Users are created first through `POST /auth/v1/signup` (the bench server runs with
 *   AUTH_AUTOCONFIRM=true, so each sign-up returns a session and sends no mail).
 * - The token endpoint allows 150 requests per 5 minutes per client address and has no
 *   setting: every measured request carries its own X-Forwarded-For (the service's client
 *   address, docs/auth.md), so no request is refused while the limiter's counter write stays
 *   in the measured path, as in production.
 * - Refresh tokens are single-use (rotation): the load feeds a pool of live refresh tokens;
 *   each request takes one and its response puts the new one back, so no token is sent twice.
 * - Proxy overhead: the same skip-auth page (the baseline), requested over one connection
 *   without cookies (the proxy's anonymous path: a cookie-name scan) and with a valid session
 *   cookie (the proxy builds the server client, getClaims verifies the ES256 JWT against the
 *   in-process JWKS, and the session cookie is re-written). The page renders the same for both.
 * - Sign-in burst (issue 10, bench/auth-burst.ts): the p95 of a page (the baseline and `/`)
 *   alone, then while 10 connections sign in with passwords without pause.
 */
import autocannon, { type RequestSpec } from "autocannon";
import { createChunks, stringToBase64URL } from "@supabase/ssr";
import { runSignInBurstBench } from "./auth-burst";
import { formatNumber, percentile, ratio } from "./stats";

const PASSWORD = "bench horse battery staple";
/** The proxy must add less than this to a page request's p50 (issue 3). */
export const PROXY_P50_TARGET_MS = 5;
/** Password sign-ins per second, as a share of the baseline page's requests per second (issue 10). */
export const PASSWORD_RATIO_TARGET = 0.15;

export type AuthBenchOptions = {
  origin: string;
  /** The baseline page every ratio is taken against (bench/run.ts BASELINE). */
  baseline: string;
  duration: number;
  connections: number;
  rounds: number;
  /** CPU seconds used so far by the server (all its processes); NaN when unknown. */
  serverCpuSeconds: () => Promise<number>;
  /** The same for the main threads only (Node's event loop); NaN when unknown. */
  serverLoopCpuSeconds: () => Promise<number>;
  /** Only the sign-in burst (`--burst-only`). */
  burstOnly?: boolean;
};

type Run = {
  name: string;
  requestsPerSecond: number;
  /** Server CPU milliseconds per response during the load. */
  cpuMsPerRequest: number;
  /** Of which on the event loop (the server's main thread). */
  loopCpuMsPerRequest: number;
  p50Ms: number;
  p95Ms: number;
  non2xx: number;
  errors: number;
};

type ServerCpu = { all: () => Promise<number>; loop: () => Promise<number> };

type Session = { access_token: string; refresh_token: string; expires_at: number };

/** A client address per request: 10.x.y.z from a counter that starts at a random point. */
function addressSource(): () => string {
  let n = Math.floor(Math.random() * 0xffff) << 8;
  return () => {
    n = (n + 1) & 0xffffff;
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  };
}

async function postJson(
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<Session> {
  const response = await fetch(url, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${url} → ${response.status}: ${text}`);
  return JSON.parse(text) as Session;
}

/** One load of `duration` seconds; every response time is kept for p50/p95. */
async function load(
  name: string,
  options: {
    url: string;
    duration: number;
    connections: number;
    headers?: Record<string, string>;
    requests?: RequestSpec[];
  },
  cpu: ServerCpu,
): Promise<Run> {
  const cpuBefore = await cpu.all();
  const loopBefore = await cpu.loop();
  const run = await new Promise<Omit<Run, "cpuMsPerRequest" | "loopCpuMsPerRequest">>(
    (resolve, reject) => {
      const latencies: number[] = [];
      const instance = autocannon({ ...options, timeout: 10 }, (error, result) => {
        if (error) return reject(error);
        resolve({
          name,
          requestsPerSecond: result.requests.total / result.duration,
          p50Ms: percentile(latencies, 50),
          p95Ms: percentile(latencies, 95),
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
        });
      });
      instance.on("response", (_client, _status, _bytes, responseTime) => {
        latencies.push(responseTime);
      });
    },
  );
  const cpuMs = ((await cpu.all()) - cpuBefore) * 1000;
  const loopMs = ((await cpu.loop()) - loopBefore) * 1000;
  const responses = run.requestsPerSecond * options.duration;
  const perResponse = (ms: number) => (responses > 0 ? ms / responses : Number.NaN);
  return { ...run, cpuMsPerRequest: perResponse(cpuMs), loopCpuMsPerRequest: perResponse(loopMs) };
}

function median(runs: Run[], by: (run: Run) => number): Run {
  const sorted = [...runs].sort((a, b) => by(a) - by(b));
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!middle) throw new Error("no runs");
  return middle;
}

/** The @supabase/ssr session cookie(s) for a session, as the browser would send them. */
function sessionCookie(origin: string, session: Session): string {
  const name = `sb-${new URL(origin).hostname.split(".")[0]}-auth-token`;
  const value = `base64-${stringToBase64URL(JSON.stringify(session))}`;
  return createChunks(name, value)
    .map((chunk) => `${chunk.name}=${chunk.value}`)
    .join("; ");
}

export async function runAuthBench({
  origin,
  baseline,
  duration,
  connections,
  rounds,
  serverCpuSeconds,
  serverLoopCpuSeconds,
  burstOnly = false,
}: AuthBenchOptions): Promise<void> {
  const nextAddress = addressSource();
  const environment = (await (await fetch(`${origin}/api/environment`)).json()) as {
    auth: { anonKey: string };
  };
  const apiHeaders = { apikey: environment.auth.anonKey, "content-type": "application/json" };
  const tokenUrl = (grant: string) => `${origin}/auth/v1/token?grant_type=${grant}`;

  // Users (sign-up with autoconfirm returns a session), then more sessions for the refresh
  // pool: three live refresh tokens per connection, so a lost response never starves it.
  const run = Date.now().toString(36);
  const userCount = Math.max(10, connections);
  const emails = Array.from({ length: userCount }, (_, i) => `bench-${run}-${i}@example.com`);
  const pool: string[] = [];
  for (const email of emails) {
    const session = await postJson(
      `${origin}/auth/v1/signup`,
      { ...apiHeaders, "x-forwarded-for": nextAddress() },
      { email, password: PASSWORD },
    );
    if (!session.refresh_token) {
      throw new Error("sign-up returned no session: the bench server needs AUTH_AUTOCONFIRM=true");
    }
    pool.push(session.refresh_token);
  }
  while (pool.length < connections * 3) {
    const email = emails[pool.length % emails.length] ?? "";
    const session = await postJson(
      tokenUrl("password"),
      { ...apiHeaders, "x-forwarded-for": nextAddress() },
      { email, password: PASSWORD },
    );
    pool.push(session.refresh_token);
  }
  const signedIn = await postJson(
    tokenUrl("password"),
    { ...apiHeaders, "x-forwarded-for": nextAddress() },
    { email: emails[0], password: PASSWORD },
  );
  const cookie = sessionCookie(origin, signedIn);
  console.log(
    `\nAuth: ${userCount} users, ${pool.length} sessions in the refresh pool, session cookie ${cookie.length} characters`,
  );

  let userIndex = 0;
  const passwordRequest: RequestSpec = {
    method: "POST",
    path: "/auth/v1/token?grant_type=password",
    headers: apiHeaders,
    setupRequest: (request) => ({
      ...request,
      headers: { ...apiHeaders, "x-forwarded-for": nextAddress() },
      body: JSON.stringify({ email: emails[userIndex++ % emails.length], password: PASSWORD }),
    }),
  };
  let starved = 0;
  // Tokens sent whose answer has not been read (a load stops with requests in flight).
  const inFlight = new Set<string>();
  const refreshRequest: RequestSpec = {
    method: "POST",
    path: "/auth/v1/token?grant_type=refresh_token",
    headers: apiHeaders,
    setupRequest: (request, context) => {
      const token = pool.shift();
      if (!token) starved++;
      else inFlight.add(token);
      context.token = token;
      return {
        ...request,
        headers: { ...apiHeaders, "x-forwarded-for": nextAddress() },
        body: JSON.stringify({ refresh_token: token ?? "pool-empty" }),
      };
    },
    onResponse: (status, body, context) => {
      if (typeof context.token === "string") inFlight.delete(context.token);
      if (status !== 200) return;
      const next = (JSON.parse(String(body)) as Partial<Session>).refresh_token;
      if (next) pool.push(next);
    },
  };

  /**
   * After a refresh load: a token whose answer was lost may have been rotated already. Sent
   * again it gets the session's current token back (the service's "parent of the active
   * token" rule, meant for clients that failed to save an answer), so the pool keeps its size.
   */
  async function recoverInFlight() {
    for (const token of [...inFlight]) {
      inFlight.delete(token);
      try {
        const session = await postJson(
          tokenUrl("refresh_token"),
          { ...apiHeaders, "x-forwarded-for": nextAddress() },
          { refresh_token: token },
        );
        pool.push(session.refresh_token);
      } catch (error) {
        console.warn(`refresh pool: a token could not be recovered (${String(error)})`);
      }
    }
  }

  const burst = () =>
    runSignInBurstBench({
      origin,
      pages: [baseline, "/"],
      duration,
      connections,
      rounds,
      signIn: passwordRequest,
    });
  if (burstOnly) return burst();

  const bare = `${origin}${baseline}`;
  const cpu: ServerCpu = { all: serverCpuSeconds, loop: serverLoopCpuSeconds };
  const loads = {
    bare: (d: number) => load(baseline, { url: bare, duration: d, connections }, cpu),
    password: (d: number) =>
      load(
        "POST /token password",
        {
          url: origin,
          duration: d,
          connections,
          requests: [passwordRequest],
        },
        cpu,
      ),
    refresh: async (d: number) => {
      const result = await load(
        "POST /token refresh_token",
        {
          url: origin,
          duration: d,
          connections,
          requests: [refreshRequest],
        },
        cpu,
      );
      await recoverInFlight();
      return result;
    },
    anonymous: (d: number) =>
      load(`${baseline}, no cookie`, { url: bare, duration: d, connections: 1 }, cpu),
    session: (d: number) =>
      load(
        `${baseline}, session cookie`,
        {
          url: bare,
          duration: d,
          connections: 1,
          headers: { cookie },
        },
        cpu,
      ),
  };
  type Key = keyof typeof loads;
  const keys = Object.keys(loads) as Key[];
  for (const key of keys) await loads[key](2);
  const runs = new Map<Key, Run[]>(keys.map((key) => [key, []]));
  for (let round = 0; round < rounds; round++) {
    for (const key of keys) runs.get(key)?.push(await loads[key](duration));
  }
  const pick = (key: Key, by: (run: Run) => number) => median(runs.get(key) ?? [], by);
  const throughput = (["bare", "password", "refresh"] as const).map((key) =>
    pick(key, (r) => r.requestsPerSecond),
  );
  const base = throughput[0];

  console.log(
    `\nAuth throughput (median of ${rounds} rounds of ${duration}s, ${connections} connections)`,
  );
  console.log(
    "| request | req/s | p50 ms | p95 ms | server CPU ms/request | of which event loop | non-2xx | errors | ratio to baseline |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of throughput) {
    console.log(
      `| ${r.name} | ${formatNumber(r.requestsPerSecond)} | ${formatNumber(r.p50Ms)} | ${formatNumber(r.p95Ms)} | ${formatNumber(r.cpuMsPerRequest)} | ${formatNumber(r.loopCpuMsPerRequest)} | ${r.non2xx} | ${r.errors} | ${formatNumber(ratio(r.requestsPerSecond, base?.requestsPerSecond ?? 0), 2)} |`,
    );
  }
  if (starved > 0) console.log(`(refresh pool ran dry ${starved} times: those requests failed)`);
  const passwordShare = ratio(throughput[1]?.requestsPerSecond ?? 0, base?.requestsPerSecond ?? 0);
  console.log(
    `Target: password sign-in ≥ ${PASSWORD_RATIO_TARGET} of the baseline → ${passwordShare >= PASSWORD_RATIO_TARGET ? "ok" : "below"}`,
  );

  const anonymous = pick("anonymous", (r) => r.p50Ms);
  const session = pick("session", (r) => r.p50Ms);
  const addedP50 = session.p50Ms - anonymous.p50Ms;
  const addedP95 = session.p95Ms - anonymous.p95Ms;
  console.log(
    `\nProxy overhead on a signed-in page request (median round by p50 of ${rounds}, ${duration}s, 1 connection)`,
  );
  const addedCpu = session.cpuMsPerRequest - anonymous.cpuMsPerRequest;
  console.log("| request | req/s | p50 ms | p95 ms | server CPU ms/request | non-2xx |");
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const r of [anonymous, session]) {
    console.log(
      `| ${r.name} | ${formatNumber(r.requestsPerSecond)} | ${formatNumber(r.p50Ms)} | ${formatNumber(r.p95Ms)} | ${formatNumber(r.cpuMsPerRequest)} | ${r.non2xx} |`,
    );
  }
  console.log(
    `| added by the signed-in proxy step | | ${formatNumber(addedP50)} | ${formatNumber(addedP95)} | ${formatNumber(addedCpu)} | |`,
  );
  console.log(
    `Target: under ${PROXY_P50_TARGET_MS} ms p50 → ${addedP50 < PROXY_P50_TARGET_MS ? "ok" : "over"}`,
  );
  await burst();
}
