import { getLocale, getTranslations } from "next-intl/server";
import { Fragment } from "react";
import { env } from "@/lib/env";
import { countryName } from "@/lib/i18n/regions";
import type { ListingLocation } from "@/lib/listings/location-schema";
import { addressLines, formatDegrees, openInMapsUrl } from "@/lib/listings/maps-link";
import { ListingMap } from "./listing-map";

/**
 * A listing's "Where" section on its public page: the address as the country writes it and an
 * "Open in maps" link to OpenStreetMap (a marker on the point, else a search for the address).
 * With MAPS_PUBLIC_KEY and a point, a client island adds a Google map when the section comes
 * into view; without the key, nothing of the maps library is sent, and if its script fails
 * the island goes away and the address and link stay (they are server-rendered).
 */
export async function ListingLocationSection({
  location,
  title,
}: {
  location: ListingLocation;
  title: string;
}) {
  const [t, locale] = await Promise.all([getTranslations("storefront.location"), getLocale()]);
  const country = location.country ? countryName(location.country, locale) : null;
  const lines = addressLines(location, country);
  const href = openInMapsUrl(location, country);
  const point =
    location.latitude !== null && location.longitude !== null
      ? { lat: location.latitude, lng: location.longitude }
      : null;
  const maps = point !== null && Boolean(env().MAPS_PUBLIC_KEY?.trim());
  return (
    <section aria-labelledby="location" className="flex flex-col gap-3">
      <h2 id="location" className="text-xl font-semibold">
        {t("title")}
      </h2>
      {lines.length > 0 ? (
        // A <p>, not <address>: that element is for contact details, not any postal address.
        <p className="text-sm break-words" data-testid="listing-address">
          {lines.map((line, index) => (
            <Fragment key={line}>
              {index > 0 ? <br /> : null}
              {line}
            </Fragment>
          ))}
        </p>
      ) : point ? (
        <p className="text-sm">
          {t("coordinates", {
            latitude: formatDegrees(point.lat),
            longitude: formatDegrees(point.lng),
          })}
        </p>
      ) : null}
      {href ? (
        <p>
          <a
            href={href}
            rel="nofollow noopener noreferrer"
            target="_blank"
            className="text-sm text-primary-text underline underline-offset-4"
          >
            {t("openInMaps")}
          </a>
        </p>
      ) : null}
      {maps && point ? (
        <ListingMap point={point} language={locale} label={t("mapLabel", { title })} />
      ) : null}
    </section>
  );
}
