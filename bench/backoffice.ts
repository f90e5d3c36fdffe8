/**
 * The back-office part of `npm run bench` (`--backoffice-only`; docs/bench.md "Back office"):
 * an organisation with 1,000 members and 100,000 audit entries (plus another organisation's
 * 50,000, so the indexes hold more than one tenant), a signed-in owner, and
 *
 * - requests/s and p95 of the people list, the audit trail, the invitations and roles lists
 *   and the profile pages (signed in, session cookie) as a ratio to the minimal page, and each
 *   page's HTML size (BENCH_HTML_DIR=<dir> keeps each page's HTML there; BENCH_SESSION_FILE=<file>
 *   keeps the session cookie and the organisation's id). Target (issue 10):
 *   at least 0.3 of the minimal page, at most 60 kB of HTML;
 * - EXPLAIN (ANALYZE, BUFFERS) of the audit page's query exactly as the page builds it
 *   (lib/audit/page-query.ts), run as `authenticated` with the owner's claims so the RLS
 *   policy is in the plan: newest page, a deep page (cursor), and filtered pages. The target
 *   is under 50 ms of database time per page.
 *
 * Needs a PostgreSQL bench database (BENCH_DATABASE_URL, migrated: `npm run db:migrate`);
 * the embedded PGlite cannot be reached from a second process.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { createChunks, stringToBase64URL } from "@supabase/ssr";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import type { AuditFilters } from "@/lib/audit/audit-params";
import type { AuditCursor } from "@/lib/audit/cursor";
import { auditFilterConditions, auditPageQuery } from "@/lib/audit/page-query";
import { describeHtml } from "./html";
import { fetchPageHtml, measureInRounds, type PageHtml } from "./load";
import {
  formatNumber,
  kilobytes,
  pageVerdict,
  ratio,
  SIGNED_IN_PAGE_TARGET,
  targetHeading,
} from "./stats";

const PASSWORD = "bench horse battery staple";
const MEMBERS = 1_000;
const AUDIT_ROWS = 100_000;
const OTHER_AUDIT_ROWS = 50_000;
export const AUDIT_PAGE_DB_TARGET_MS = 50;

export type BackofficeBenchOptions = {
  origin: string;
  /** The baseline page every ratio is taken against (bench/run.ts BASELINE). */
  baseline: string;
  databaseUrl: string;
  duration: number;
  connections: number;
  rounds: number;
};

type Session = { access_token: string; refresh_token: string; user: { id: string; email: string } };

function sessionCookie(origin: string, session: Session): string {
  const name = `sb-${new URL(origin).hostname.split(".")[0]}-auth-token`;
  const value = `base64-${stringToBase64URL(JSON.stringify(session))}`;
  return createChunks(name, value)
    .map((chunk) => `${chunk.name}=${chunk.value}`)
    .join("; ");
}

/**
 * The session cookie plus what a browser would keep from its first signed-in page: the
 * proxy's profile hint (lib/auth/guard/profile-hint.ts), which spares later requests the
 * profile lookup. Without it every measured request paid a lookup no browser pays.
 */
async function withResponseCookies(origin: string, cookie: string): Promise<string> {
  const response = await fetch(`${origin}/profile`, { headers: { cookie }, redirect: "manual" });
  await response.arrayBuffer();
  const present = new Set(cookie.split("; ").map((pair) => pair.split("=")[0]));
  const kept = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0] ?? "")
    .filter((pair) => pair && !present.has(pair.split("=")[0]));
  return [cookie, ...kept].join("; ");
}

async function signUp(origin: string): Promise<Session> {
  const environment = (await (await fetch(`${origin}/api/environment`)).json()) as {
    auth: { anonKey: string };
  };
  const email = `bench-owner-${Date.now().toString(36)}@example.com`;
  const response = await fetch(`${origin}/auth/v1/signup`, {
    method: "POST",
    headers: { apikey: environment.auth.anonKey, "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`signup → ${response.status}: ${text}`);
  return JSON.parse(text) as Session;
}

/** The organisation, its members and its audit trail, written directly (a seed factory). */
export async function seed(db: postgres.Sql, ownerId: string): Promise<{ organisationId: string }> {
  const [org] = await db<{ id: string }[]>`
    insert into organisations (name, slug, time_zone)
    values ('Bench Org', ${`bench-${Date.now().toString(36)}`}, 'Europe/Madrid') returning id`;
  const [other] = await db<{ id: string }[]>`
    insert into organisations (name, slug) values ('Bench Other', ${`bench-other-${Date.now().toString(36)}`})
    returning id`;
  if (!org || !other) throw new Error("no organisation");
  const organisationId = org.id;
  await db.begin(async (tx) => {
    for (const id of [organisationId, other.id]) {
      await tx`
        insert into roles (organisation_id, builtin_key, name)
        select ${id}, k, k from unnest(array['owner','admin','manager','staff','viewer']) as k`;
    }
    await tx`insert into profiles (id, display_name) values (${ownerId}, 'Bench Owner')
      on conflict (id) do nothing`;
    await tx`
      insert into employments (organisation_id, user_id, role_id)
      select ${organisationId}, ${ownerId}, id from roles
      where organisation_id = ${organisationId} and builtin_key = 'owner'`;
    // 999 more members, with profiles, spread over manager / staff / viewer.
    await tx`
      with made as (
        insert into auth.users (id, aud, role, email, email_confirmed_at, created_at, updated_at,
          raw_app_meta_data, raw_user_meta_data)
        select gen_random_uuid(), 'authenticated', 'authenticated',
          'bench-member-' || g || '-' || ${organisationId.slice(0, 8)} || '@example.com',
          now(), now(), now(), '{"provider":"email","providers":["email"]}'::jsonb, '{}'::jsonb
        from generate_series(1, ${MEMBERS - 1}) g
        returning id, email
      ),
      named as (
        insert into profiles (id, display_name)
        select id, 'Member ' || split_part(email, '-', 3) from made returning id
      )
      insert into employments (organisation_id, user_id, role_id, created_at)
      select ${organisationId}, named.id,
        (select r.id from roles r where r.organisation_id = ${organisationId}
          and r.builtin_key = (array['manager','staff','viewer'])[1 + (abs(hashtext(named.id::text)) % 3)]),
        now() - (random() * interval '300 days')
      from named`;
    // 100,000 entries over ~70 days by 20 of the members, pairs sharing a timestamp (ties).
    await tx`
      with actors as (
        select array_agg(user_id) as ids from (
          select user_id from employments where organisation_id = ${organisationId} limit 20) a
      )
      insert into audit_entries (organisation_id, actor_user_id, action, resource_type,
        resource_id, before, after, created_at)
      select ${organisationId}, actors.ids[1 + g % 20],
        (array['people.invitation.create','people.employment.changeRole','settings.role.update',
          'settings.faq.update','storage.file.upload','storage.file.delete',
          'settings.schedule.update','settings.organisation.update'])[1 + g % 8],
        (array['invitation','employment','role','faq','file','file','schedule','organisation'])[1 + g % 8],
        gen_random_uuid()::text,
        jsonb_build_object('name', 'Before ' || g, 'count', g),
        jsonb_build_object('name', 'After ' || g, 'count', g + 1),
        now() - ((g / 2) * interval '1 minute')
      from generate_series(1, ${AUDIT_ROWS}) g, actors`;
    await tx`
      insert into audit_entries (organisation_id, actor_user_id, action, resource_type, created_at)
      select ${other.id}, ${ownerId}, 'settings.role.update', 'role',
        now() - (g * interval '45 seconds')
      from generate_series(1, ${OTHER_AUDIT_ROWS}) g`;
  });
  await db`analyze audit_entries`;
  await db`analyze employments`;
  await db`analyze profiles`;
  return { organisationId };
}

type PlanCase = { label: string; filters: AuditFilters; cursor: AuditCursor | null };

/** EXPLAIN (ANALYZE, BUFFERS) of the page's own query, as the owner under RLS. */
export async function explainAuditPage(
  db: postgres.Sql,
  organisationId: string,
  ownerId: string,
  email: string,
  cases: PlanCase[],
): Promise<{ label: string; executionMs: number; planningMs: number }[]> {
  const builder = drizzle(db);
  const claims = JSON.stringify({ sub: ownerId, email, role: "authenticated", aal: "aal1" });
  const results: { label: string; executionMs: number; planningMs: number }[] = [];
  for (const c of cases) {
    const where = auditFilterConditions(organisationId, "Europe/Madrid", c.filters);
    const query = auditPageQuery(builder, where, c.cursor, 25).toSQL();
    // Three measured runs after a warm-up; the median run's plan is printed.
    const runs = await db.begin(async (tx) => {
      await tx`select set_config('request.jwt.claims', ${claims}, true), set_config('role', 'authenticated', true)`;
      await tx.unsafe(query.sql, query.params as never[]);
      const measured: string[][] = [];
      for (let i = 0; i < 3; i++) {
        const rows = await tx.unsafe<{ "QUERY PLAN": string }[]>(
          `explain (analyze, buffers) ${query.sql}`,
          query.params as never[],
        );
        measured.push(rows.map((row) => row["QUERY PLAN"]));
      }
      return measured;
    });
    const time = (lines: string[], name: string) =>
      Number(/([\d.]+) ms/.exec(lines.find((l) => l.startsWith(name)) ?? "")?.[1] ?? Number.NaN);
    const sorted = [...runs].sort((a, b) => time(a, "Execution Time") - time(b, "Execution Time"));
    const lines = sorted[1] ?? sorted[0] ?? [];
    console.log(`\n#### ${c.label}\n\`\`\`\n${lines.join("\n")}\n\`\`\``);
    results.push({
      label: c.label,
      executionMs: time(lines, "Execution Time"),
      planningMs: time(lines, "Planning Time"),
    });
  }
  return results;
}

export async function runBackofficeBench(options: BackofficeBenchOptions): Promise<void> {
  const { origin, baseline, databaseUrl, duration, connections, rounds } = options;
  if (!databaseUrl.startsWith("postgres")) {
    console.log(
      "\nBack office: skipped (needs BENCH_DATABASE_URL, a migrated PostgreSQL database)",
    );
    return;
  }
  const db = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  try {
    const session = await signUp(origin);
    const started = Date.now();
    const { organisationId } = await seed(db, session.user.id);
    console.log(
      `\nBack office: seeded ${MEMBERS} members and ${AUDIT_ROWS} audit entries (+${OTHER_AUDIT_ROWS} in another organisation) in ${((Date.now() - started) / 1000).toFixed(1)}s`,
    );

    const [deep] = await db<{ at: string; id: number }[]>`
      select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id
      from audit_entries where organisation_id = ${organisationId}
      order by created_at desc, id desc offset 50000 limit 1`;
    const [actor] = await db<{ id: string }[]>`
      select actor_user_id as id from audit_entries where organisation_id = ${organisationId} limit 1`;
    const today = new Date().toISOString().slice(0, 10);
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    const explained = await explainAuditPage(
      db,
      organisationId,
      session.user.id,
      session.user.email,
      [
        { label: "Newest page (25 + 1 rows)", filters: {}, cursor: null },
        {
          label: "Deep page: older than entry 50,000",
          filters: {},
          cursor: deep ? { direction: "older", createdAt: deep.at, id: Number(deep.id) } : null,
        },
        { label: "Filtered by person", filters: { actorUserId: actor?.id }, cursor: null },
        {
          label: "Filtered by resource type and a week",
          filters: { resourceType: "file", from: weekAgo, to: today },
          cursor: null,
        },
        {
          label: "Filtered by person and action (no index has both)",
          filters: { actorUserId: actor?.id, action: "settings.faq.update" },
          cursor: null,
        },
      ],
    );
    console.log("\nAudit page database time (EXPLAIN ANALYZE, as authenticated with RLS)");
    console.log(`| query | planning ms | execution ms | target < ${AUDIT_PAGE_DB_TARGET_MS} ms |`);
    console.log("|---|---:|---:|---|");
    for (const r of explained) {
      const total = r.planningMs + r.executionMs;
      console.log(
        `| ${r.label} | ${formatNumber(r.planningMs, 2)} | ${formatNumber(r.executionMs, 2)} | ${total < AUDIT_PAGE_DB_TARGET_MS ? "ok" : "over"} |`,
      );
    }

    const cookie = await withResponseCookies(origin, sessionCookie(origin, session));
    const org = `/backoffice/organisation/${organisationId}`;
    // BENCH_SESSION_FILE: keep the signed-in cookie and the organisation there, to profile a
    // page by hand against the same data (docs/bench.md, "How a page is profiled").
    const sessionFile = process.env.BENCH_SESSION_FILE;
    if (sessionFile) await writeFile(sessionFile, JSON.stringify({ cookie, organisationId }));
    const pages = [
      { path: baseline, cookie: undefined },
      { path: `${org}/people`, cookie },
      { path: `${org}/settings/audit`, cookie },
      { path: `${org}/people/invitations`, cookie },
      { path: `${org}/settings/roles`, cookie },
      { path: "/profile", cookie },
      { path: "/profile/update", cookie },
    ];
    const html = new Map<string, PageHtml>();
    // BENCH_HTML_DIR: keep each page's HTML there, to read what it is made of.
    const htmlDir = process.env.BENCH_HTML_DIR;
    if (htmlDir) await mkdir(htmlDir, { recursive: true });
    for (const page of pages) {
      const fetched = await fetchPageHtml(origin + page.path, page.cookie);
      if (fetched.status !== 200) console.log(`warning: ${page.path} answered ${fetched.status}`);
      html.set(page.path, fetched);
      if (htmlDir) {
        const file = page.path
          .replace(organisationId, "id")
          .replace(/^\//, "")
          .replaceAll("/", "_");
        await writeFile(path.join(htmlDir, `${file || "index"}.html`), fetched.html);
      }
    }
    const results = await measureInRounds(origin, pages, { duration, connections, rounds });
    const base = results[0];
    const target = SIGNED_IN_PAGE_TARGET;
    const name = (path: string) => path.replace(organisationId, "{id}");
    console.log(
      `\nBack-office lists and profile pages, signed in (median of ${rounds} rounds of ${duration}s, ${connections} connections)`,
    );
    console.log(
      `| URL | req/s | p95 ms | HTML kB | RSC payload kB | non-2xx | errors | ratio to minimal | p95 ratio | ${targetHeading(target)} |`,
    );
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|");
    for (const r of results) {
      const page = html.get(r.path);
      const htmlBytes = page?.breakdown.totalBytes ?? Number.NaN;
      const share = base ? ratio(r.requestsPerSecond, base.requestsPerSecond) : Number.NaN;
      const verdict = r.path === baseline ? "baseline" : pageVerdict(share, htmlBytes, target);
      console.log(
        `| ${name(r.path)} | ${formatNumber(r.requestsPerSecond)} | ${formatNumber(r.p95Ms)} | ${formatNumber(kilobytes(htmlBytes))} | ${formatNumber(kilobytes(page?.breakdown.rscPayloadBytes ?? Number.NaN))} | ${r.non2xx} | ${r.errors} | ${formatNumber(share, 2)} | ${base ? formatNumber(ratio(r.p95Ms, base.p95Ms), 2) : "-"} | ${verdict} |`,
      );
    }
    console.log("\nWhat the HTML is made of (kB):");
    for (const page of pages.slice(1)) {
      const fetched = html.get(page.path);
      if (fetched)
        console.log(describeHtml(page.path, fetched.html).replaceAll(organisationId, "{id}"));
    }
  } finally {
    await db.end();
  }
}
