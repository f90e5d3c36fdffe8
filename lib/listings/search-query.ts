import { sql, type SQL } from "drizzle-orm";
import { boundingBox, EARTH_RADIUS_KM } from "./geo";
import { SEARCH_PAGE_SIZE, type ListingSearchState, type SearchSort } from "./search-params";

/**
 * The search's SQL (issue 11 §3, docs/search.md), on its own (no server-only import) so that
 * the bench EXPLAINs exactly what the page runs (bench/search.ts). Runs as `anon`.
 *
 * Words go through `app.search_listing_matches` (migration 0019): full text over the stored
 * `search_document` (English, Spanish and as typed, accents ignored) OR trigram word
 * similarity on the title, ranked. It is the one part that runs as the table's owner (under
 * RLS an index cannot serve `@@` or `<%`); it applies `status = 'published'` itself and
 * returns ids. Everything else — the join back to `listings`, the filters, the columns, the
 * product details — runs under RLS as `anon`.
 *
 * One statement answers a page: total, the page's cards, the facets (each ignores its own
 * filter, so choosing a kind still shows the other kinds' counts), how many listings the words
 * matched before filters (0 → suggestions) and how many matched exactly (0 → "close matches").
 */

/** Price bands of the facet, in major units of each listing's currency; max null = and above. */
export const priceBands = [
  { min: 0, max: 25 },
  { min: 25, max: 50 },
  { min: 50, max: 100 },
  { min: 100, max: 250 },
  { min: 250, max: 500 },
  { min: 500, max: null },
] as const;

/** The rating facet's steps: "4 stars and up" … "1 star and up". */
export const ratingSteps = [4, 3, 2, 1] as const;

/** Word-similarity threshold of the results: short words need closer matches. */
export function fuzzyThreshold(q: string): number {
  const letters = q.replace(/\s+/g, "").length;
  return letters <= 4 ? 0.55 : 0.4;
}

/** The lower threshold of "did you mean". */
export const SUGGESTION_THRESHOLD = 0.25;

/** 10^(the currency's minor digits): the scale of a major amount (as public-products.ts). */
const currencyScale = sql`power(10, case l.currency when 'JPY' then 0 when 'KRW' then 0 when 'CLP' then 0 when 'KWD' then 3 when 'BHD' then 3 else 2 end)`;

function distanceKm(near: NonNullable<ListingSearchState["near"]>): SQL {
  return sql`(2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1, sqrt(
    power(sin(radians(l.latitude - ${near.lat}::float8) / 2), 2)
    + cos(radians(${near.lat}::float8)) * cos(radians(l.latitude))
      * power(sin(radians(l.longitude - ${near.lng}::float8) / 2), 2)))))`;
}

function nearConditions(near: ListingSearchState["near"]): SQL[] {
  if (!near) return [];
  const box = boundingBox(near, near.radiusKm);
  const conditions = [
    sql`l.latitude between ${box.minLat}::float8 and ${box.maxLat}::float8`,
    sql`${distanceKm(near)} <= ${near.radiusKm}::float8`,
  ];
  if (box.minLng !== null && box.maxLng !== null) {
    conditions.splice(
      1,
      0,
      sql`l.longitude between ${box.minLng}::float8 and ${box.maxLng}::float8`,
    );
  }
  return conditions;
}

type Facet = "kind" | "category" | "price" | "rating";

/**
 * The filters of a state as conditions on the matched rows `b` (or on `l`, the table itself),
 * each facet's own left out on demand.
 */
function filterConditions(state: ListingSearchState, on: "b" | "l", skip?: Facet): SQL {
  const t = sql.raw(on);
  const scale = on === "b" ? sql`b.scale` : currencyScale;
  const parts: SQL[] = [sql`true`];
  if (state.kind && skip !== "kind") parts.push(sql`${t}.kind = ${state.kind}`);
  if (state.category && skip !== "category") parts.push(sql`${t}.category = ${state.category}`);
  if (skip !== "price") {
    if (state.min !== null) parts.push(sql`${t}.price_from_minor >= ${state.min} * ${scale}`);
    if (state.max !== null) parts.push(sql`${t}.price_from_minor <= ${state.max} * ${scale}`);
  }
  if (state.rating !== null && skip !== "rating") {
    parts.push(
      sql`${t}.rating_count > 0 and ${t}.rating_sum >= ${state.rating} * ${t}.rating_count`,
    );
  }
  return sql.join(parts, sql` and `);
}

const orders: Record<SearchSort, SQL> = {
  relevance: sql`f.rank desc, f.rating_count desc`,
  distance: sql`f.distance_km asc nulls last`,
  "price-asc": sql`f.price_from_minor asc nulls last`,
  "price-desc": sql`f.price_from_minor desc nulls last`,
  rating: sql`case when f.rating_count = 0 then 0 else f.rating_sum::float8 / f.rating_count end desc, f.rating_count desc`,
  newest: sql`f.published_at desc`,
};

/** The statement of one results page; `page` is clamped by the caller to the pages there are. */
export function listingSearchStatement(state: ListingSearchState, page = state.page): SQL {
  const words = state.q !== "";
  const source = words
    ? sql`m join public.listings l on l.id = m.listing_id`
    : sql`public.listings l`;
  // Browsing without words or a place would make every published listing a facet row: then
  // the filters narrow the rows first (an index serves kind and category), and the facets
  // count within them.
  const narrowFirst = !words && !state.near;
  const where = sql.join(
    [
      sql`l.status = 'published'`,
      ...nearConditions(state.near),
      ...(narrowFirst ? [filterConditions(state, "l")] : []),
    ],
    sql` and `,
  );
  const offset = (Math.max(1, page) - 1) * SEARCH_PAGE_SIZE;
  return sql`
    with m as materialized (
      ${
        words
          ? sql`select listing_id, rank, exact, corrected
                  from app.search_listing_matches(${state.q}, ${fuzzyThreshold(state.q)}::real)`
          : sql`select null::uuid as listing_id, 0::real as rank, false as exact, null::text as corrected
                 where false`
      }
    ),
    b as materialized (
      select l.id, l.kind, l.category, l.price_from_minor, l.rating_count, l.rating_sum,
             l.published_at, ${currencyScale} as scale,
             ${words ? sql`m.rank` : sql`0::real as rank`},
             ${state.near ? distanceKm(state.near) : sql`null::float8`} as distance_km
        from ${source}
       where ${where}
    ),
    f as (select * from b where ${filterConditions(state, "b")}),
    page as (
      select * from f order by ${orders[state.sort]}, f.id limit ${SEARCH_PAGE_SIZE} offset ${offset}
    )
    select
      (select count(*)::int from m) as matched,
      (select count(*)::int from m where m.exact) as exact,
      (select max(m.corrected) from m) as corrected,
      (select count(*)::int from f) as total,
      (select coalesce(json_agg(json_build_object(
          'id', l.id, 'kind', l.kind, 'title', l.title, 'summary', l.summary,
          'category', l.category, 'brandName', br.name,
          'priceFromMinor', l.price_from_minor,
          'compareAtMinor', v.compare_at_minor, 'hasRange', coalesce(v.has_range, false),
          'currency', l.currency, 'inStock', l.in_stock,
          'ratingCount', l.rating_count, 'ratingSum', l.rating_sum,
          'city', l.city, 'publishedAt', l.published_at, 'distanceKm', f.distance_km,
          'cover', (select json_build_object('fileId', i.file_id, 'alt', i.alt_text,
                                             'width', i.width, 'height', i.height)
                      from public.listing_images i where i.listing_id = l.id
                     order by i.position limit 1))
          order by ${orders[state.sort]}, f.id), '[]'::json)
         from page f
         join public.listings l on l.id = f.id
         left join public.products pr on pr.listing_id = l.id
         left join public.brands br on br.id = pr.brand_id
         left join lateral (
           select min(pv.compare_at_minor) filter (where pv.compare_at_minor is not null) as compare_at_minor,
                  count(distinct pv.price_minor) > 1 as has_range
             from public.product_variants pv where pv.product_id = l.id and l.kind = 'product'
         ) v on true) as items,
      (select coalesce(json_agg(json_build_array(kind, n) order by n desc, kind), '[]'::json)
         from (select b.kind, count(*)::int as n from b where ${filterConditions(state, "b", "kind")}
               group by b.kind) k) as kinds,
      (select coalesce(json_agg(json_build_array(category, n) order by n desc, category), '[]'::json)
         from (select b.category, count(*)::int as n from b where ${filterConditions(state, "b", "category")}
               group by b.category order by n desc, b.category limit 30) c) as categories,
      (select json_build_array(${sql.join(
        priceBands.map(
          (band) =>
            sql`count(*) filter (where b.price_from_minor >= ${band.min} * b.scale${
              band.max === null ? sql`` : sql` and b.price_from_minor <= ${band.max} * b.scale`
            })`,
        ),
        sql`, `,
      )})
         from b where ${filterConditions(state, "b", "price")}) as prices,
      (select json_build_array(${sql.join(
        ratingSteps.map(
          (stars) =>
            sql`count(*) filter (where b.rating_count > 0 and b.rating_sum >= ${stars} * b.rating_count)`,
        ),
        sql`, `,
      )})
         from b where ${filterConditions(state, "b", "rating")}) as ratings`;
}

/**
 * "Did you mean": the words corrected against the dictionary with a lower threshold, and the
 * titles that lower threshold finds (closest first).
 */
export function suggestionStatement(q: string, limit = 5): SQL {
  return sql`
    select app.search_correct_words(${q}, ${SUGGESTION_THRESHOLD}::real) as corrected,
           (select coalesce(json_agg(t.title order by t.rank desc, t.rating_count desc, t.id), '[]'::json)
              from (select l.id, l.title, l.rating_count, m.rank
                      from app.search_listing_matches(${q}, ${SUGGESTION_THRESHOLD}::real) m
                      join public.listings l on l.id = m.listing_id
                     where l.status = 'published'
                     order by m.rank desc, l.rating_count desc, l.id
                     limit ${limit}) t) as titles`;
}
