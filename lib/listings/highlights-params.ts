/**
 * The query of GET /api/listings/highlights (the hub's sections, issue 11 §3): nothing, or
 * `lat` and `lng` together (decimal degrees) for the "near you" section. Anything else is a
 * bad request. The point is rounded to 2 decimals (about 1 km): that is the cache key, and
 * all a cached answer needs to know of where the visitor is.
 */
export interface HighlightsQuery {
  near: { lat: number; lng: number } | null;
}

const DECIMAL = /^[+-]?(?:\d{1,3}(?:\.\d{1,12})?|\.\d{1,12})$/;

function coordinate(raw: string, limit: number): number | null {
  if (!DECIMAL.test(raw)) return null;
  const value = Number(raw);
  if (!Number.isFinite(value) || Math.abs(value) > limit) return null;
  // Round half away from zero at 2 decimals; never "-0".
  const rounded = Math.sign(value) * (Math.round(Math.abs(value) * 100) / 100);
  return rounded === 0 ? 0 : rounded;
}

export function parseHighlightsQuery(params: URLSearchParams): HighlightsQuery | null {
  const keys = [...params.keys()];
  if (keys.some((key) => key !== "lat" && key !== "lng")) return null;
  const lats = params.getAll("lat");
  const lngs = params.getAll("lng");
  if (lats.length === 0 && lngs.length === 0) return { near: null };
  if (lats.length !== 1 || lngs.length !== 1) return null;
  const lat = coordinate(lats[0] ?? "", 90);
  const lng = coordinate(lngs[0] ?? "", 180);
  if (lat === null || lng === null) return null;
  return { near: { lat, lng } };
}
