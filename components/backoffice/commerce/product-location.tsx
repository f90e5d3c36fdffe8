import { getLocale } from "next-intl/server";
import type { BackofficeAction } from "@/components/backoffice/use-backoffice-form";
import { env } from "@/lib/env";
import { countryOptions } from "@/lib/i18n/regions";
import { getListingLocation, type ListingLocationWrite } from "@/lib/listings/location";
import { locationLimits } from "@/lib/listings/location-schema";
import type { OrganisationAccess } from "@/lib/organisations/access";
import { LocationForm } from "./location-form";

/**
 * The product details page's "Location" section: the listing's location read for the
 * editor, the countries in the reader's language, and whether a map can be shown.
 */
export async function ProductLocation({
  access,
  productId,
  action,
}: {
  access: OrganisationAccess;
  productId: string;
  action: BackofficeAction<ListingLocationWrite>;
}) {
  const [location, locale] = await Promise.all([
    getListingLocation(access.claims, access.organisation.id, "product", productId),
    getLocale(),
  ]);
  if (!location) return null;
  const { id, version, ...fields } = location;
  return (
    <LocationForm
      organisationId={access.organisation.id}
      listingId={id}
      version={version}
      location={fields}
      action={action}
      readOnly={!access.can("commerce.product.write")}
      limits={locationLimits}
      countries={countryOptions(locale)}
      maps={Boolean(env().MAPS_PUBLIC_KEY?.trim())}
    />
  );
}
