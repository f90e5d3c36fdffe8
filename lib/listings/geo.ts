/**
 * Distances for "near me" (issue 11 §3). The database computes the same haversine formula in
 * SQL (lib/listings/search-query.ts); these are its twin for tests and for the bounding box
 * that narrows the rows before the formula runs.
 */
export interface GeoPoint {
  lat: number;
  lng: number;
}

/** The mean Earth radius (IUGG), in kilometres. */
export const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in kilometres between two points (haversine). */
export function haversineKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface BoundingBox {
  minLat: number;
  maxLat: number;
  /** Null when the box spans a pole or the antimeridian: then longitude does not narrow. */
  minLng: number | null;
  maxLng: number | null;
}

/**
 * A latitude/longitude box that contains every point within `radiusKm` of `center` (it is
 * slightly larger than the circle; the distance filter does the rest).
 */
export function boundingBox(center: GeoPoint, radiusKm: number): BoundingBox {
  // A hair wider than the circle, so rounding never leaves a point on its edge outside.
  const margin = 1 + 1e-9;
  const dLat = (radiusKm / KM_PER_DEGREE) * margin;
  const minLat = Math.max(-90, center.lat - dLat);
  const maxLat = Math.min(90, center.lat + dLat);
  if (minLat <= -90 || maxLat >= 90) return { minLat, maxLat, minLng: null, maxLng: null };
  // The widest point of the circle is nearer the pole than its centre: take the cosine of
  // the latitude furthest from the equator so the box never cuts the circle.
  const cos = Math.cos(radians(Math.max(Math.abs(minLat), Math.abs(maxLat))));
  const dLng = (radiusKm / (KM_PER_DEGREE * cos)) * margin;
  const minLng = center.lng - dLng;
  const maxLng = center.lng + dLng;
  if (dLng >= 180 || minLng < -180 || maxLng > 180) {
    return { minLat, maxLat, minLng: null, maxLng: null };
  }
  return { minLat, maxLat, minLng, maxLng };
}
