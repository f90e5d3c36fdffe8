/**
 * Search at scale (issue 11 §6, docs/search.md): 100,000 listings, the search page's own
 * statement EXPLAINed for 20 varied queries, target p95 ≤ 50 ms of database time.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/livemarket_search_dev \
 *     node --import tsx bench/search.ts [--keep] [--plans]
 *
 * The database must be migrated (`npm run db:migrate`); the demo data is seeded when missing.
 * The 100,000 listings (slug `bench-…`) are generated in SQL with generate_series over the
 * demo organisations: every kind, English and Spanish titles, 10% drafts or archived, 90%
 * with coordinates around the organisation's city; `--keep` reuses them when present.
 *
 * Each query runs as `anon` exactly as the page runs it (lib/listings/search-query.ts, and the
 * "did you mean" statement when the words match nothing): one warm-up, then three
 * EXPLAIN (ANALYZE, BUFFERS); the median execution time counts. `--plans` prints every plan,
 * with the plan inside app.search_listing_matches (auto_explain at NOTICE level, which needs
 * a superuser login; without one the nested plan is left out).
 */
import { PgDialect } from "drizzle-orm/pg-core";
import type { SQL } from "drizzle-orm";
import postgres from "postgres";
import { connectDatabase } from "@/lib/db/connect";
import { seedDatabase } from "@/lib/db/seed";
import { parseListingSearch } from "@/lib/listings/search-params";
import { listingSearchStatement, suggestionStatement } from "@/lib/listings/search-query";

const LISTINGS = 100_000;
export const SEARCH_DB_TARGET_MS = 50;

const MADRID = "lat=40.426&lng=-3.704";
const LONDON = "lat=51.536&lng=-0.103";

/** The 20 queries: typos, Spanish, filters, near me, browsing without words, nothing found. */
export const searchCases: { label: string; query: string }[] = [
  { label: "exact word", query: "q=smartphone" },
  { label: "typo (transposed)", query: "q=smartphnoe" },
  { label: "typo (iPhone)", query: "q=iphnoe" },
  { label: "typo (missing letter)", query: "q=hedphones" },
  { label: "two words", query: "q=wireless+headphones" },
  { label: "Spanish plural", query: "q=zapatillas" },
  { label: "Spanish stem", query: "q=cafeteras" },
  { label: "Spanish, no accents", query: "q=auriculares+inalambricos" },
  { label: "accent folded", query: "q=lampara" },
  { label: "common brand (≈5,000 matches)", query: "q=voltaro" },
  { label: "common short word", query: "q=pro" },
  { label: "words + kind + category", query: "q=smartphone&kind=product&category=electronics" },
  { label: "words + price band", query: "q=coffee&min=10&max=50" },
  { label: "words + rating", query: "q=laptop&rating=4" },
  { label: "words near Madrid (25 km)", query: `q=concert&${MADRID}` },
  { label: "near Madrid, no words (10 km)", query: `${MADRID}&r=10` },
  { label: "kind + category, no words", query: "kind=restaurant&category=sushi" },
  { label: "nothing found (+ suggestions)", query: "q=xqzvwk" },
  { label: "sorted by price, page 3", query: "q=granola&sort=price-asc&page=3" },
  { label: "two words near London (50 km)", query: `q=organic+tea&${LONDON}&r=50&sort=relevance` },
];

const GENERATE = `
with orgs as (
  select row_number() over (order by id) - 1 as n, id, city, latitude, longitude, currency
    from (select distinct on (o.id) o.id, l.city, l.latitude, l.longitude, l.currency
            from organisations o join listings l on l.organisation_id = o.id
           where l.latitude is not null and l.slug not like 'bench-%'
           order by o.id, l.id) x
),
org_count as (select count(*) as n from orgs),
vocab as (
  select
    array['Smartphone','Laptop','Tablet','Headphones','Speaker','Smartwatch','Camera','Monitor','Keyboard','Mouse','Router','Charger','Power Bank','E-reader','Drone','Projector','Microphone','Printer','Television','Console',
          'Jacket','Sneakers','Dress','Backpack','Sunglasses','Watch','Scarf','Boots','Jeans','T-Shirt',
          'Coffee','Olive Oil','Honey','Chocolate','Tea','Granola','Wine','Cheese','Pasta','Jam',
          'Novel','Cookbook','Atlas','Poetry','Biography','Sofa','Lamp','Rug','Planter','Chair',
          'Concert','Conference','Workshop','Marathon','Festival','Cleaning','Plumbing','Gardening','Massage','Tutoring'] as en_nouns,
    array['Zapatillas','Cafetera','Camiseta','Mochila','Auriculares','Altavoz','Reloj','Bicicleta','Lámpara','Alfombra',
          'Sartén','Vestido','Chaqueta','Gafas de sol','Libro de cocina','Novela','Aceite de oliva','Miel','Turrón','Jamón',
          'Concierto','Taller','Clases de guitarra','Limpieza del hogar','Fontanería','Jardinería','Masaje','Paella','Tacos','Mezcal'] as es_nouns,
    array['Pro','Max','Mini','Air','Ultra','Lite','Plus','Classic','Studio','Sport','Go','One','Neo','Flex','Edge','Prime'] as models,
    array['Voltaro','Orvella','Tessaline','Halcyon','Nimbus','Quasar','Brisa','Solano','Aurora','Kestrel','Marlow','Pinecrest','Zephyr','Lumio','Cobalt','Verdant','Iphone','Galaxy','Xperia','Thinkpad'] as brands,
    array['Wireless','Compact','Portable','Organic','Handmade','Vintage','Premium','Classic','Smart','Waterproof','Ergonomic','Eco','Lightweight','Foldable','Rechargeable'] as en_adj,
    array['inalámbricos','ecológica','artesanal','de montaña','para correr','de viaje','clásica','pequeña','eléctrica','de cuero','orgánico','ligeras'] as es_adj,
    array['electronics','fashion','groceries','books','home','course','flight','car-rental'] as product_categories,
    array['concerts','conferences','sports','football','basketball','tennis'] as event_categories,
    array['cleaning','plumbing','electrical','gardening','moving','it-hardware','it-software','it-networking','doctors','dentists','fitness','spa','tutors','schools'] as service_categories,
    array['italian','sushi','japanese','indian','mexican','french'] as food_categories,
    array['product','event','service','serviceProvider','restaurant','venue','offer'] as kinds
),
rows as (
  select g as i,
         (hashint4(g) & 2147483647) as h1,
         (hashint4(g + 1000003) & 2147483647) as h2,
         (hashint4(g + 2000003) & 2147483647) as h3
    from generate_series(1, ${LISTINGS}) g
)
insert into listings (organisation_id, kind, slug, title, summary, description, category, tags,
  status, city, latitude, longitude, price_from_minor, currency, in_stock, rating_count,
  rating_sum, created_at, updated_at, published_at)
select o.id, k.kind, 'bench-' || r.i, t.title, t.summary, '', k.category, t.tags, s.status, o.city,
       case when r.h3 % 10 = 0 then null else o.latitude + ((r.h2 % 4001) - 2000) / 10000.0 end,
       case when r.h3 % 10 = 0 then null else o.longitude + ((r.h3 % 4001) - 2000) / 10000.0 end,
       100 + (r.h1 % 250000), o.currency, r.h2 % 7 <> 0,
       rc.n, rc.n * 3 + (r.h3 % (rc.n * 2 + 1)),
       now() - (r.i % 900) * interval '1 day', now() - (r.i % 900) * interval '1 day',
       case when s.status = 'draft' then null else now() - (r.i % 900) * interval '1 day' end
  from rows r
  cross join vocab v
  cross join org_count oc
  join orgs o on o.n = r.i % oc.n
  cross join lateral (
    select case when r.h1 % 100 < 60 then 'product' else v.kinds[2 + (r.h2 % 6)] end as kind
  ) k0
  cross join lateral (
    select k0.kind,
           case k0.kind
             when 'product' then v.product_categories[1 + r.h3 % 8]
             when 'event' then v.event_categories[1 + r.h3 % 6]
             when 'restaurant' then v.food_categories[1 + r.h3 % 6]
             when 'venue' then v.food_categories[1 + r.h3 % 6]
             else v.service_categories[1 + r.h3 % 14] end as category
  ) k
  cross join lateral (
    select case when (r.h3 >> 4) % 100 < 90 then 'published'
                when (r.h3 >> 4) % 100 < 98 then 'draft' else 'archived' end as status
  ) s
  cross join lateral (select (r.h2 % 40) * ((r.h3 >> 8) % 2) as n) rc
  cross join lateral (
    select
      case when r.h2 % 3 = 0
        then v.es_nouns[1 + r.h1 % 30] || ' ' || v.es_adj[1 + r.h3 % 12] || ' ' || v.brands[1 + r.h2 % 20]
        else v.brands[1 + r.h2 % 20] || ' ' || v.models[1 + r.h3 % 16] || ' ' || v.en_adj[1 + r.h1 % 15]
             || ' ' || v.en_nouns[1 + r.h1 % 60]
      end || ' ' || r.i as title,
      case when r.h2 % 3 = 0
        then 'Un producto ' || v.es_adj[1 + r.h1 % 12] || ' de ' || o.city || ', hecho para durar.'
        else 'A ' || lower(v.en_adj[1 + r.h3 % 15]) || ' choice from ' || o.city || ', built to last.'
      end as summary,
      array[lower(v.en_adj[1 + r.h3 % 15]), lower(v.brands[1 + r.h2 % 20])] as tags
  ) t`;

const dialect = new PgDialect();

async function ensureListings(url: string, keep: boolean): Promise<void> {
  const { db, close } = connectDatabase({ url, poolMax: 1 });
  try {
    await seedDatabase(db);
  } finally {
    await close();
  }
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await client<{ n: number }[]>`
      select count(*)::int as n from listings where slug like 'bench-%'`;
    if (keep && row?.n === LISTINGS) return;
    const started = performance.now();
    await client`delete from listings where slug like 'bench-%'`;
    await client.unsafe(GENERATE);
    await client`vacuum analyze listings, listing_search_words`;
    console.log(
      `Generated ${LISTINGS.toLocaleString("en")} listings in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await client.end({ timeout: 5 });
  }
}

const time = (lines: string[], name: string) =>
  Number(/([\d.]+) ms/.exec(lines.find((l) => l.startsWith(name)) ?? "")?.[1] ?? Number.NaN);

/**
 * EXPLAIN (ANALYZE, BUFFERS) as anon: the median of three runs after a warm-up. With `nested`,
 * one more run with auto_explain on (not timed) collects the plans inside the functions.
 */
async function explain(
  client: postgres.Sql,
  statement: SQL,
  nested: boolean,
  notices: string[],
): Promise<{ lines: string[]; nested: string[]; executionMs: number; planningMs: number }> {
  const query = dialect.sqlToQuery(statement);
  const runs: string[][] = [];
  const nestedPlans: string[] = [];
  await client.begin(async (tx) => {
    await tx`select set_config('role', 'anon', true)`;
    await tx.unsafe(query.sql, query.params as never[]);
    for (let i = 0; i < 3; i++) {
      const rows = await tx.unsafe<{ "QUERY PLAN": string }[]>(
        `explain (analyze, buffers) ${query.sql}`,
        query.params as never[],
      );
      runs.push(rows.map((r) => r["QUERY PLAN"]));
    }
  });
  if (nested) {
    await client.begin(async (tx) => {
      await tx`set local auto_explain.log_min_duration = 0`;
      await tx`set local auto_explain.log_nested_statements = on`;
      await tx`set local auto_explain.log_analyze = on`;
      await tx`set local auto_explain.log_buffers = on`;
      await tx`set local auto_explain.log_level = notice`;
      await tx`select set_config('role', 'anon', true)`;
      notices.length = 0;
      await tx.unsafe(query.sql, query.params as never[]);
      nestedPlans.push(...notices.filter((n) => n.includes("search_listing_matches") === false));
    });
  }
  const sorted = [...runs].sort((a, b) => time(a, "Execution Time") - time(b, "Execution Time"));
  const lines = sorted[1] ?? sorted[0] ?? [];
  return {
    lines,
    nested: nestedPlans,
    executionMs: time(lines, "Execution Time"),
    planningMs: time(lines, "Planning Time"),
  };
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url?.startsWith("postgres")) {
    throw new Error("BENCH_DATABASE_URL must name a migrated PostgreSQL database");
  }
  const args = new Set(process.argv.slice(2));
  await ensureListings(url, args.has("--keep"));
  const notices: string[] = [];
  const client = postgres(url, {
    max: 1,
    onnotice: (notice) => notices.push(String(notice.message)),
  });
  let nested = false;
  if (args.has("--plans")) {
    try {
      await client`load 'auto_explain'`;
      nested = true;
    } catch {
      console.log("(auto_explain not loadable: nested plans left out)");
    }
  }
  const [counts] = await client<{ total: number; published: number }[]>`
    select count(*)::int as total, count(*) filter (where status = 'published')::int as published
      from listings`;
  console.log(
    `\nSearch: ${counts?.total.toLocaleString("en")} listings (${counts?.published.toLocaleString("en")} published), EXPLAIN ANALYZE as anon, median of 3\n`,
  );
  console.log("| # | query | results | DB time (ms) | planning (ms) |");
  console.log("|---|---|---|---|---|");
  const times: number[] = [];
  for (const [index, c] of searchCases.entries()) {
    const state = parseListingSearch(Object.fromEntries(new URLSearchParams(c.query)));
    const main = await explain(client, listingSearchStatement(state), nested, notices);
    const dialectQuery = dialect.sqlToQuery(listingSearchStatement(state));
    const [answer] = await client.begin(async (tx) => {
      await tx`select set_config('role', 'anon', true)`;
      return tx.unsafe<{ total: number; matched: number }[]>(
        dialectQuery.sql,
        dialectQuery.params as never[],
      );
    });
    let executionMs = main.executionMs;
    let planningMs = main.planningMs;
    let suggestion: Awaited<ReturnType<typeof explain>> | null = null;
    if (state.q && answer?.matched === 0) {
      suggestion = await explain(client, suggestionStatement(state.q), nested, notices);
      executionMs += suggestion.executionMs;
      planningMs += suggestion.planningMs;
    }
    times.push(executionMs);
    console.log(
      `| ${index + 1} | ${c.label}: \`${c.query}\` | ${answer?.total ?? 0} | ${executionMs.toFixed(1)} | ${planningMs.toFixed(1)} |`,
    );
    if (args.has("--plans")) {
      console.log(`\n\`\`\`\n${main.lines.join("\n")}\n\`\`\``);
      if (main.nested.length) console.log(`\n\`\`\`\n${main.nested.join("\n\n")}\n\`\`\``);
      if (suggestion) console.log(`\n\`\`\`\n${suggestion.lines.join("\n")}\n\`\`\`\n`);
    }
  }
  const sorted = [...times].sort((a, b) => a - b);
  const p95 = sorted[Math.ceil(sorted.length * 0.95) - 1] ?? Number.NaN;
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  console.log(
    `\nmedian ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} ms (target p95 ≤ ${SEARCH_DB_TARGET_MS} ms): ${p95 <= SEARCH_DB_TARGET_MS ? "PASS" : "FAIL"}`,
  );
  await client.end({ timeout: 5 });
  if (p95 > SEARCH_DB_TARGET_MS) process.exitCode = 1;
}

await main();
