import type { ListingLocation } from "./location-schema";

/**
 * How a listing's location reads on its public page, and the link that opens it in a maps
 * site. The link goes to OpenStreetMap: it needs no key, sets no cookie on our page and works
 * in any browser; with a point it drops a marker there (`mlat`/`mlon`, zoom 16), without one
 * it searches the address.
 */

/** Degrees with at most 6 decimals (≈ 0.1 m), without trailing zeros. */
export function formatDegrees(value: number): string {
  const rounded = Number(value.toFixed(6));
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

/** The location has something to show: an address line, a city or a point. */
export function hasLocation(location: ListingLocation | null | undefined): boolean {
  if (!location) return false;
  return (
    Boolean(location.addressLine1 || location.addressLine2 || location.city) ||
    Boolean(location.region || location.postalCode || location.country) ||
    (location.latitude !== null && location.longitude !== null)
  );
}

/** Countries that write "City, Region Postal" on one line (United States, Canada, Australia). */
const CITY_REGION_POSTAL = new Set(["US", "CA", "AU"]);

/**
 * The address as lines, in the order the country writes them (a simple rule, not a full
 * postal formatter): the street lines, then "City, Region Postal" (US, CA, AU), the city and
 * the postal code on lines of their own (GB), or "Postal City" and the region; last the
 * country's name, given by the caller in the reader's language.
 */
export function addressLines(location: ListingLocation, countryName?: string | null): string[] {
  const { addressLine1, addressLine2, city, region, postalCode, country } = location;
  const join = (parts: (string | null)[], separator: string) =>
    parts.filter((part): part is string => Boolean(part)).join(separator);
  let locality: string[];
  if (country && CITY_REGION_POSTAL.has(country)) {
    locality = [join([city, join([region, postalCode], " ")], ", ")];
  } else if (country === "GB") {
    locality = [join([city, region], ", "), postalCode ?? ""];
  } else {
    locality = [join([postalCode, city], " "), region ?? ""];
  }
  const countryLine = country ? (countryName ?? country) : "";
  return [addressLine1 ?? "", addressLine2 ?? "", ...locality, countryLine].filter(Boolean);
}

/**
 * OpenStreetMap's address for the location: a marker on the point when there is one, else a
 * search for the address; null when there is nothing to show.
 */
export function openInMapsUrl(
  location: ListingLocation,
  countryName?: string | null,
): string | null {
  const { latitude, longitude } = location;
  if (latitude !== null && longitude !== null) {
    const lat = formatDegrees(latitude);
    const lng = formatDegrees(longitude);
    return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`;
  }
  const query = addressLines(location, countryName).join(", ");
  if (!query) return null;
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;
}
