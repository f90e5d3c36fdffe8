/**
 * The checkout bench (issue 12 §5, docs/bench.md "Checkout"): checkouts per second of the
 * app's own code — `placeOrder` (cart → pending order) then `paySandboxOrder` (the sandbox
 * payment, its signed `payment.succeeded` event delivered in-process to the webhook path,
 * which confirms the order, takes the stock and issues the invoice) — with C concurrent
 * clients on the app's pool of C connections, against `pgbench` running
 * bench/checkout.pgbench.sql (the same statements, row locks, advisory locks and inserts,
 * one round trip each, as the code issues them) with the same C on the same database.
 * Target: ours ≥ 0.5 of pgbench's.
 *
 * Run alone (needs PostgreSQL and Debian's pgbench):
 *   node --import tsx --import ./scripts/outside-next.mjs bench/checkout.ts [--clients=8] [--duration=10] [--rounds=3]
 * (the two sides alternate, round after round, and each side's median round is reported;
 * --cpu-profile=FILE writes a .cpuprofile of the app's rounds only)
 * or `npm run bench -- --checkout-only` (bench/run.ts spawns this file the same way).
 * BENCH_CHECKOUT_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/livemarket_checkout_bench)
 * names its own database, which is dropped, recreated, migrated and seeded at each run: its
 * name must end in `_bench`. --sql-log prints nothing but runs one checkout with the
 * statements logged (log_statement=all on that database, read from the server's log).
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { Socket } from "node:net";
import { performance as perfHooks } from "node:perf_hooks";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";

const eventLoopUtilization = perfHooks.eventLoopUtilization.bind(perfHooks);
const HERE = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/livemarket_checkout_bench";
const PRICE = 1500;
const VARIANTS = 100;
/** Carts made for each side before the run (ours; pgbench's): more than either can use. */
const OUR_CARTS = 8000;
const PGBENCH_CARTS = 30000;
const SUCCESS = { number: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" };

/** Cart ids both sides can compute: ours 1…, pgbench's 2… (bench/checkout.pgbench.sql). */
export const cartId = (side: 1 | 2, n: number) =>
  `00000000-0000-4000-8000-${side}${String(n).padStart(11, "0")}`;

export interface CheckoutBenchResult {
  clients: number;
  durationSeconds: number;
  rounds: number;
  ours: {
    checkouts: number;
    perSecond: number;
    p50Ms: number;
    p95Ms: number;
    errors: number;
    cpuMsPerCheckout: number;
    systemCpuMsPerCheckout: number;
    writesPerCheckout: number;
  };
  pgbench: { perSecond: number; latencyMs: number; failed: number; errors: string[] };
  ratio: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Drops, recreates and migrates the bench's own database; seeds a shop, buyers and carts. */
async function prepare(url: string) {
  const name = new URL(url).pathname.slice(1);
  if (!name.endsWith("_bench"))
    throw new Error(`refusing to recreate ${name}: not a *_bench database`);
  const { recreatePostgresDatabase } = await import("@/lib/db/reset");
  const { migrateDatabase } = await import("@/lib/db/migrate");
  await recreatePostgresDatabase(url);
  await migrateDatabase({ url });

  const sqlc = postgres(url, { max: 1, onnotice: () => undefined });
  try {
    const organisationId = randomUUID();
    const listingIds = Array.from({ length: VARIANTS }, () => randomUUID());
    await sqlc.begin(async (tx) => {
      await tx`insert into organisations (id, name, slug) values (${organisationId}, 'Bench shop', ${`bench-${organisationId.slice(0, 8)}`})`;
      await tx`insert into organisation_modules (organisation_id, module, tier) values (${organisationId}, 'commerce', 'free')`;
      for (const [i, id] of listingIds.entries()) {
        await tx`insert into listings (id, organisation_id, kind, slug, title, category, currency, status, published_at)
          values (${id}, ${organisationId}, 'product', ${`bench-${i}`}, ${`Bench product ${i}`}, 'fashion', 'EUR', 'published', now())`;
        await tx`insert into products (listing_id, organisation_id, options) values (${id}, ${organisationId}, '[]'::jsonb)`;
        await tx`insert into product_variants (organisation_id, product_id, option_values, price_minor, track_stock, stock, position)
          values (${organisationId}, ${id}, '{}'::text[], ${PRICE}, true, 1000000000, 0)`;
      }
      // Carts of one unit each, filled earlier (their holds passed), one per buyer (a buyer
      // has one cart per shop): both sides consume them in order. Buyers are real auth
      // users with profiles.
      for (const [side, count] of [
        [1, OUR_CARTS],
        [2, PGBENCH_CARTS],
      ] as const) {
        const id = (prefix: string) =>
          tx.unsafe(`('00000000-0000-4000-${prefix}-${side}' || lpad(n::text, 11, '0'))::uuid`);
        await tx`insert into auth.users (id, aud, role, email, email_confirmed_at, created_at, updated_at, raw_app_meta_data, raw_user_meta_data)
          select ${id("9000")}, 'authenticated', 'authenticated',
                 'bench-buyer-' || ${String(side)} || '-' || n || '@example.test', now(), now(), now(),
                 '{"provider":"email","providers":["email"]}'::jsonb, '{}'::jsonb
          from generate_series(1, ${count}) n`;
        await tx`insert into profiles (id, display_name)
          select ${id("9000")}, 'Bench buyer ' || n from generate_series(1, ${count}) n`;
        await tx`insert into carts (id, user_id, organisation_id, currency)
          select ${id("8000")}, ${id("9000")}, ${organisationId}, 'EUR'
          from generate_series(1, ${count}) n`;
        await tx`insert into cart_lines (cart_id, organisation_id, user_id, sellable_kind, sellable_id, listing_id, title, quantity, unit_price_minor, currency, hold_expires_at)
          select c.id, c.organisation_id, c.user_id, 'product_variant', v.id, v.product_id, 'Bench product', 1, ${PRICE}, 'EUR', now() - interval '1 minute'
          from carts c
          join lateral (select id, product_id from product_variants
                        order by id offset (hashtext(c.id::text) & 2147483647) % ${VARIANTS} limit 1) v on true
          where c.id::text like ${`00000000-0000-4000-8000-${side}%`}`;
      }
      await tx`create sequence bench_checkout_cart_seq`;
    });
    await sqlc`vacuum analyze`;
  } finally {
    await sqlc.end();
  }
}

/** A signed-in buyer's claims, as the session gives them (tests/integration/support). */
const claimsFor = (userId: string, email: string) => ({
  sub: userId,
  email,
  role: "authenticated",
  aal: "aal1",
  is_anonymous: false,
});

/** The prepared carts of our side, in order, and one checkout of a cart through the app's code. */
async function ourCheckouts() {
  const { placeOrder } = await import("@/lib/orders/place");
  const { paySandboxOrder } = await import("@/lib/orders/pay");
  const carts = await import("@/lib/db/client").then(async ({ getDb }) => {
    const { runAsSystem } = await import("@/lib/db/run-context");
    const { queryRows } = await import("@/lib/db/rows");
    const { sql } = await import("drizzle-orm");
    return runAsSystem(getDb(), "bench: carts", (tx) =>
      queryRows<{ id: string; user_id: string; email: string }>(
        tx,
        sql`select c.id, c.user_id, u.email from carts c join auth.users u on u.id = c.user_id
            where c.id::text like '00000000-0000-4000-8000-1%' order by c.id`,
      ),
    );
  });
  const checkout = async (cart: (typeof carts)[number]) => {
    const claims = claimsFor(cart.user_id, cart.email);
    const { orderId } = await placeOrder(claims, {
      cartId: cart.id,
      name: "Bench Buyer",
      email: cart.email,
      phone: null,
      delivery: "pickup",
      addressId: null,
      discountCode: null,
      expectedTotalMinor: PRICE,
    });
    const paid = await paySandboxOrder(claims, orderId, SUCCESS);
    if (paid.outcome !== "paid") throw new Error(`not paid: ${JSON.stringify(paid)}`);
  };
  return { carts, checkout };
}

/** C workers, each placing and paying the next prepared cart, for `duration` seconds. */
async function ourRunner(clients: number) {
  const { carts, checkout } = await ourCheckouts();
  // Warm-up: module loading, the pool's connections, the sandbox secret, the plans.
  let next = 0;
  await Promise.all(Array.from({ length: clients }, () => checkout(carts[next++]!)));
  return (duration: number) => runOurs(clients, duration, () => carts[next++], checkout);
}

async function runOurs<C>(
  clients: number,
  duration: number,
  nextCart: () => C | undefined,
  checkout: (cart: C) => Promise<void>,
) {
  const latencies: number[] = [];
  let errors = 0;
  const writes = countDatabaseWrites();
  const loop = eventLoopUtilization();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const deadline = started + duration * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const cart = nextCart();
        if (!cart) throw new Error("bench: out of prepared carts, raise OUR_CARTS");
        const t0 = performance.now();
        try {
          await checkout(cart);
          latencies.push(performance.now() - t0);
        } catch (error) {
          errors += 1;
          if (errors <= 3) console.error("checkout failed", error);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const busy = eventLoopUtilization(loop).utilization;
  const written = writes.stop();
  latencies.sort((a, b) => a - b);
  return {
    /** Writes to the database's sockets per checkout: each one a round trip's request. */
    writesPerCheckout: written / Math.max(1, latencies.length),
    /** This process's CPU (user + system) per checkout: the app's own work between queries. */
    cpuMsPerCheckout: (used.user + used.system) / 1000 / Math.max(1, latencies.length),
    /** Of which in the kernel (socket writes and reads: one each per round trip). */
    systemCpuMsPerCheckout: used.system / 1000 / Math.max(1, latencies.length),
    /** The share of the round the event loop was running code (1: never waiting for I/O). */
    eventLoopBusy: busy,
    checkouts: latencies.length,
    perSecond: latencies.length / elapsed,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    errors,
  };
}

/**
 * Counts the writes to database sockets (postgres.js writes a round trip's statements at
 * once) while the app's round runs: statements sent together count once.
 */
function countDatabaseWrites() {
  const original = Socket.prototype.write;
  let count = 0;
  Socket.prototype.write = function (this: Socket, ...args: Parameters<Socket["write"]>) {
    if (this.remotePort === 5432 || this.remotePort === undefined) count += 1;
    return original.apply(this, args);
  } as Socket["write"];
  return {
    stop() {
      Socket.prototype.write = original;
      return count;
    },
  };
}

function runPgbench(url: string, clients: number, duration: number) {
  const u = new URL(url);
  const args = [
    "-n",
    "-M",
    "extended",
    "-f",
    path.join(HERE, "checkout.pgbench.sql"),
    "-c",
    String(clients),
    "-j",
    "2",
    "-T",
    String(duration),
    "-h",
    u.hostname,
    "-p",
    u.port || "5432",
    "-U",
    decodeURIComponent(u.username || "postgres"),
    u.pathname.slice(1),
  ];
  return new Promise<CheckoutBenchResult["pgbench"]>((resolve, reject) => {
    const child = spawn("pgbench", args, {
      env: { ...process.env, PGPASSWORD: decodeURIComponent(u.password) },
    });
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.stderr.on("data", (c: Buffer) => (out += c.toString()));
    child.on("error", reject);
    child.on("exit", (code) => {
      const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out);
      const latency = /latency average = ([\d.]+) ms/.exec(out);
      const failed = /number of failed transactions: (\d+)/.exec(out);
      if (code !== 0 || !tps) return reject(new Error(`pgbench exited ${code}:\n${out}`));
      resolve({
        perSecond: Number(tps[1]),
        latencyMs: Number(latency?.[1] ?? Number.NaN),
        failed: Number(failed?.[1] ?? 0),
        errors: out
          .split("\n")
          .filter((line) => /error/i.test(line))
          .slice(0, 5),
      });
    });
  });
}

/**
 * The inspector's CPU profiler over the app's rounds: one profile, its samples taken only
 * while resumed (pgbench's rounds run in another process, and are left out by pausing).
 */
async function startProfiler() {
  const { Session } = await import("node:inspector/promises");
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 500 });
  let started = false;
  const nodes = new Map<number, unknown>();
  const samples: number[] = [];
  const timeDeltas: number[] = [];
  let startTime = 0;
  let endTime = 0;
  return {
    async resume() {
      await session.post("Profiler.start");
      started = true;
    },
    async pause() {
      if (!started) return;
      const { profile } = await session.post("Profiler.stop");
      started = false;
      // Rounds are merged: node ids are stable within one session's profiles.
      for (const node of profile.nodes) nodes.set(node.id, node);
      startTime ||= profile.startTime;
      endTime = profile.endTime;
      samples.push(...(profile.samples ?? []));
      timeDeltas.push(...(profile.timeDeltas ?? []));
    },
    async save(file: string) {
      const { writeFile } = await import("node:fs/promises");
      const profile = { nodes: [...nodes.values()], startTime, endTime, samples, timeDeltas };
      await writeFile(file, JSON.stringify(profile));
      session.disconnect();
      console.log(`cpu profile of the app's rounds: ${file}`);
    },
  };
}

async function analyze(url: string) {
  const sqlc = postgres(url, { max: 1, onnotice: () => undefined });
  try {
    await sqlc`analyze`;
  } finally {
    await sqlc.end();
  }
}

/** Checks what pgbench did: every order it made is confirmed, paid, invoiced once. */
async function checkPgbenchWork(url: string) {
  const sqlc = postgres(url, { max: 1, onnotice: () => undefined });
  try {
    const [row] = await sqlc<
      { orders: string; confirmed: string; invoices: string; sold: string }[]
    >`
      select count(*) as orders,
             count(*) filter (where status = 'confirmed' and payment_status = 'paid') as confirmed,
             (select count(*) from invoices) as invoices,
             (select sum(1000000000 - stock) from product_variants) as sold
      from orders`;
    return row!;
  } finally {
    await sqlc.end();
  }
}

export async function runCheckoutBench(options: {
  databaseUrl?: string;
  clients?: number;
  duration?: number;
  rounds?: number;
  /** Writes a CPU profile of the app's rounds only (not the seeding, nor pgbench's rounds). */
  cpuProfile?: string;
  /** Seconds of pgbench checkouts before the rounds, then ANALYZE (default 10). */
  historySeconds?: number;
}): Promise<CheckoutBenchResult> {
  const url = options.databaseUrl ?? process.env.BENCH_CHECKOUT_DATABASE_URL ?? DEFAULT_URL;
  const clients = options.clients ?? 8;
  const duration = options.duration ?? 10;
  const rounds = options.rounds ?? 3;
  // As deployed: React's production build renders the confirmation mail (set before it loads).
  if (!process.env.NODE_ENV) Object.assign(process.env, { NODE_ENV: "production" });
  process.env.DATABASE_URL = url;
  process.env.DATABASE_POOL_MAX = String(clients);
  process.env.LOG_LEVEL ??= "warn";
  await prepare(url);
  console.log(
    `checkout bench: ${clients} clients, ${rounds} rounds of ${duration} s each side, alternating, ${url}`,
  );
  // A shop with a history, as a database in service is: the pgbench script's checkouts for a
  // while, then ANALYZE. Statements prepared on empty tables otherwise keep plans made for
  // empty tables (sequential scans) while the tables grow: in a 5-round run on a fresh
  // database 7.6 million order rows were read by 5,828 sequential scans, slower each round
  // (docs/bench.md "Checkout"); in service, autoanalyze re-plans as tables grow.
  const history = await runPgbench(url, clients, options.historySeconds ?? 10);
  await analyze(url);
  console.log(
    `history: ${Math.round(history.perSecond * (options.historySeconds ?? 10))} checkouts by the pgbench script, then ANALYZE`,
  );
  const ours = await ourRunner(clients);
  const profiler = options.cpuProfile ? await startProfiler() : null;
  const rows: {
    ours: Awaited<ReturnType<typeof runOurs>>;
    pgbench: CheckoutBenchResult["pgbench"];
  }[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    await profiler?.resume();
    const mine = await ours(duration);
    await profiler?.pause();
    const before = await checkPgbenchWork(url);
    const theirs = await runPgbench(url, clients, duration);
    const after = await checkPgbenchWork(url);
    console.log(
      `round ${round}: app ${mine.perSecond.toFixed(1)}/s (${mine.cpuMsPerCheckout.toFixed(1)} ms CPU a checkout, event loop busy ${(mine.eventLoopBusy * 100).toFixed(0)} %, heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MiB), pgbench ${theirs.perSecond.toFixed(1)}/s (its work: ${Number(after.orders) - Number(before.orders)} orders, ${Number(after.confirmed) - Number(before.confirmed)} confirmed, ${Number(after.invoices) - Number(before.invoices)} invoices, ${Number(after.sold) - Number(before.sold)} units sold), ratio ${(mine.perSecond / theirs.perSecond).toFixed(2)}`,
    );
    rows.push({ ours: mine, pgbench: theirs });
  }
  // Each side's median round by throughput.
  const median = <T>(items: T[], by: (item: T) => number) =>
    [...items].sort((a, b) => by(a) - by(b))[Math.floor(items.length / 2)]!;
  const result = {
    ours: median(
      rows.map((r) => r.ours),
      (r) => r.perSecond,
    ),
    pgbench: median(
      rows.map((r) => r.pgbench),
      (r) => r.perSecond,
    ),
  };
  if (profiler && options.cpuProfile) await profiler.save(options.cpuProfile);
  const { closeDb } = await import("@/lib/db/client");
  await closeDb();
  return {
    clients,
    durationSeconds: duration,
    rounds,
    ours: result.ours,
    pgbench: result.pgbench,
    ratio: result.ours.perSecond / result.pgbench.perSecond,
  };
}

/**
 * `--sql-log`: one warm checkout with every statement logged (log_statement=all on the bench
 * database only, for new connections), printed from the server's log: what the pgbench
 * script mirrors. Needs the log file readable (LOG_FILE, default Debian's).
 */
export async function logCheckoutStatements(databaseUrl?: string) {
  const url = databaseUrl ?? process.env.BENCH_CHECKOUT_DATABASE_URL ?? DEFAULT_URL;
  const name = new URL(url).pathname.slice(1);
  process.env.DATABASE_URL = url;
  process.env.DATABASE_POOL_MAX = "1";
  await prepare(url);
  const admin = postgres(url, { max: 1, onnotice: () => undefined });
  const logFile = process.env.LOG_FILE ?? "/var/log/postgresql/postgresql-15-main.log";
  const { readFile } = await import("node:fs/promises");
  const { closeDb } = await import("@/lib/db/client");
  let start = 0;
  try {
    await admin.unsafe(`alter database "${name}" set log_statement = 'all'`);
    const { carts, checkout } = await ourCheckouts();
    await checkout(carts[0]!); // warm-up: first-time reads (keys, settings) are not logged
    await new Promise((resolve) => setTimeout(resolve, 1000));
    start = (await readFile(logFile, "utf8")).length;
    await checkout(carts[1]!);
    await new Promise((resolve) => setTimeout(resolve, 2000)); // runOrderTasks, after the answer
  } finally {
    await admin.unsafe(`alter database "${name}" reset log_statement`);
    await admin.end();
    await closeDb();
  }
  const lines = (await readFile(logFile, "utf8"))
    .slice(start)
    .split("\n")
    .filter((line) => line.includes(`@${name} `));
  console.log(lines.join("\n"));
}

/** The pgbench script's statements, each its own round trip (`;` or `\gset` ends one). */
function pgbenchStatements(): number {
  const script = readFileSync(path.join(HERE, "checkout.pgbench.sql"), "utf8");
  return script
    .split("\n")
    .filter((line) => !line.startsWith("--"))
    .filter((line) => /;\s*$/.test(line) || line.trim() === "\\gset").length;
}

export function printCheckoutBench(result: CheckoutBenchResult) {
  const f = (n: number, d = 1) => n.toFixed(d);
  console.log(
    `\nCheckout (place order + sandbox payment confirmed through the webhook path), ${result.clients} clients, median of ${result.rounds} rounds of ${result.durationSeconds} s per side`,
  );
  console.log(
    "| side | checkouts/s | latency p50 ms | p95 ms | errors | client CPU ms/checkout (of which system) | round trips/checkout |",
  );
  console.log("|---|---:|---:|---:|---:|---:|");
  console.log(
    `| app code (placeOrder + paySandboxOrder) | ${f(result.ours.perSecond)} | ${f(result.ours.p50Ms)} | ${f(result.ours.p95Ms)} | ${result.ours.errors} | ${f(result.ours.cpuMsPerCheckout)} (${f(result.ours.systemCpuMsPerCheckout)}) | ${f(result.ours.writesPerCheckout)} |`,
  );
  console.log(
    `| pgbench checkout.pgbench.sql | ${f(result.pgbench.perSecond)} | ${f(result.pgbench.latencyMs)} (avg) | | ${result.pgbench.failed} | | ${pgbenchStatements()} |`,
  );
  for (const line of result.pgbench.errors) console.log(`pgbench: ${line}`);
  console.log(
    `ratio ${f(result.ratio, 2)} (target ≥ 0.5): ${result.ratio >= 0.5 ? "ok" : "under"}`,
  );
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const args = new Map(
    process.argv.slice(2).map((a) => {
      const [key, value] = a.replace(/^--/, "").split("=");
      return [key ?? "", value ?? "true"] as const;
    }),
  );
  if (args.has("sql-log")) {
    await logCheckoutStatements();
    process.exit(0);
  }
  await runCheckoutBench({
    clients: args.has("clients") ? Number(args.get("clients")) : undefined,
    duration: args.has("duration") ? Number(args.get("duration")) : undefined,
    rounds: args.has("rounds") ? Number(args.get("rounds")) : undefined,
    cpuProfile: args.get("cpu-profile"),
  })
    .then((result) => {
      printCheckoutBench(result);
      process.exit(0);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
