"use client";

import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useId, useState } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { useEnvironment } from "@/components/app-data/use-environment";
import { FormAlert } from "@/components/auth/form-alert";
import {
  settleListingVersion,
  useFollowListingVersion,
} from "@/components/backoffice/listing-version";
import {
  type BackofficeAction,
  useBackofficeForm,
} from "@/components/backoffice/use-backoffice-form";
import { MapBoundary } from "@/components/maps/map-boundary";
import type { MapPoint } from "@/components/maps/pin-map";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast-store";
import type { RegionOption } from "@/lib/i18n/regions";
import type {
  ListingLocation,
  ListingLocationInput,
  locationLimits,
} from "@/lib/listings/location-schema";

type Write = { id: string; version: number; tags: string[] };
type Form = UseFormReturn<ListingLocationInput, unknown, unknown>;
type Field = Exclude<keyof ListingLocationInput, "listingId" | "version">;

// The map and the maps library: their own chunk, fetched only when this section shows a map
// (MAPS_PUBLIC_KEY is set), never on the server.
const PinMap = dynamic(() => import("@/components/maps/pin-map").then((m) => m.PinMap), {
  ssr: false,
  loading: () => <Skeleton className="h-72 w-full" />,
});

// The schema's number rule (lib/listings/location-schema.ts), repeated here so that the map
// does not bring zod into the section's first load.
const DECIMAL = /^[+-]?\d{1,3}(?:[.,]\d{1,10})?$/;

/** The point the two fields hold, when both are numbers in range. */
function pointOf(latitude: unknown, longitude: unknown): MapPoint | null {
  const read = (value: unknown, limit: number) => {
    const text = typeof value === "string" ? value.trim() : "";
    if (!DECIMAL.test(text)) return null;
    const number = Number(text.replace(",", "."));
    return Math.abs(number) <= limit ? number : null;
  };
  const lat = read(latitude, 90);
  const lng = read(longitude, 180);
  return lat === null || lng === null ? null : { lat, lng };
}

const fields: Field[] = [
  "addressLine1",
  "addressLine2",
  "city",
  "region",
  "postalCode",
  "country",
  "latitude",
  "longitude",
];

/**
 * A listing's location in the back office (its details page, under the listing's own form):
 * the address, the country from the list, latitude and longitude; with MAPS_PUBLIC_KEY a map
 * whose pin fills the two. Saved on its own, naming the version it read; it follows the
 * screen's other saves of the listing (components/backoffice/listing-version.ts).
 */
export function LocationForm({
  organisationId,
  listingId,
  version,
  location,
  action,
  readOnly,
  limits,
  countries,
  maps,
}: {
  organisationId: string;
  listingId: string;
  version: number;
  location: ListingLocation;
  action: BackofficeAction<Write>;
  readOnly: boolean;
  /** locationLimits, from the page: the schema module (zod) loads on first submit only. */
  limits: typeof locationLimits;
  countries: readonly RegionOption[];
  /** MAPS_PUBLIC_KEY is set: show the map with its pin. */
  maps: boolean;
}) {
  const t = useTranslations("commerce.location");
  const tv = useTranslations("commerce.location.validation");
  const router = useRouter();
  const onDone = useCallback(
    (data: Write, form: Form) => {
      settleListingVersion(form, data.id, data.version);
      toast({ title: t("saved"), variant: "success" });
      router.refresh();
    },
    [router, t],
  );
  const { form, onSubmit, errorOf, formError, pending } = useBackofficeForm<
    ListingLocationInput,
    unknown,
    Write
  >({
    schema: () => import("@/lib/listings/location-schema").then((m) => m.listingLocationSchema),
    action,
    defaultValues: {
      listingId,
      version,
      addressLine1: location.addressLine1 ?? "",
      addressLine2: location.addressLine2 ?? "",
      city: location.city ?? "",
      region: location.region ?? "",
      postalCode: location.postalCode ?? "",
      country: location.country ?? "",
      latitude: location.latitude === null ? "" : String(location.latitude),
      longitude: location.longitude === null ? "" : String(location.longitude),
    },
    onDone,
  });
  useFollowListingVersion(listingId, form);

  const errorFor = (field: Field): string | undefined => {
    const message = form.formState.errors[field]?.message;
    if (typeof message === "string" && message.startsWith("location:")) {
      return tv(message.slice("location:".length) as "pair");
    }
    return errorOf(field);
  };
  const clear = () => {
    for (const field of fields) form.setValue(field, "", { shouldDirty: true });
    form.clearErrors();
  };

  return (
    <section
      aria-labelledby="listing-location"
      className="mt-8 flex min-w-0 flex-col gap-4 rounded-card border border-border bg-surface p-4 sm:p-5"
    >
      <div>
        <h2 id="listing-location" className="text-lg font-semibold">
          {t("title")}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t("intro")}</p>
      </div>
      <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex flex-col gap-4">
        <input type="hidden" name="organisationId" value={organisationId} />
        <input type="hidden" {...form.register("listingId")} />
        <input type="hidden" {...form.register("version")} />
        <FormAlert message={formError} />
        <fieldset disabled={readOnly} className="flex min-w-0 flex-col gap-4">
          <FormField label={t("addressLine1")} errors={errorFor("addressLine1")}>
            <Input
              autoComplete="off"
              maxLength={limits.line.max}
              {...form.register("addressLine1")}
            />
          </FormField>
          <FormField label={t("addressLine2")} errors={errorFor("addressLine2")}>
            <Input
              autoComplete="off"
              maxLength={limits.line.max}
              {...form.register("addressLine2")}
            />
          </FormField>
          <div className="grid gap-4 md:grid-cols-3">
            <FormField label={t("city")} errors={errorFor("city")}>
              <Input autoComplete="off" maxLength={limits.city.max} {...form.register("city")} />
            </FormField>
            <FormField label={t("region")} errors={errorFor("region")}>
              <Input
                autoComplete="off"
                maxLength={limits.region.max}
                {...form.register("region")}
              />
            </FormField>
            <FormField label={t("postalCode")} errors={errorFor("postalCode")}>
              <Input
                autoComplete="off"
                maxLength={limits.postalCode.max}
                {...form.register("postalCode")}
              />
            </FormField>
          </div>
          <FormField label={t("country")} errors={errorFor("country")}>
            <NativeSelect
              options={[{ value: "", label: t("noCountry") }, ...countries]}
              {...form.register("country")}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label={t("latitude")}
              hint={t("coordinatesHint")}
              errors={errorFor("latitude")}
            >
              <Input
                inputMode="decimal"
                autoComplete="off"
                spellCheck={false}
                {...form.register("latitude")}
              />
            </FormField>
            <FormField label={t("longitude")} errors={errorFor("longitude")}>
              <Input
                inputMode="decimal"
                autoComplete="off"
                spellCheck={false}
                {...form.register("longitude")}
              />
            </FormField>
          </div>
        </fieldset>
        {maps ? <LocationMap form={form} readOnly={readOnly} /> : null}
        {readOnly ? null : (
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button type="submit" disabled={pending} className="w-full sm:w-auto">
              {pending ? t("saving") : t("save")}
            </Button>
            <Button type="button" variant="outline" onClick={clear} className="w-full sm:w-auto">
              {t("clear")}
            </Button>
          </div>
        )}
      </form>
    </section>
  );
}

/**
 * The map under the fields: the pin shows the point the fields hold; a click on the map or a
 * drag of the pin writes the point into them (6 decimals, ≈ 0.1 m). If the environment, the
 * map's code or the maps script cannot be had, a short note takes its place and the fields
 * work as before.
 */
function LocationMap({ form, readOnly }: { form: Form; readOnly: boolean }) {
  const t = useTranslations("commerce.location");
  const language = useLocale();
  const hintId = useId();
  const environment = useEnvironment();
  const apiKey = environment.data?.maps.publicKey ?? null;
  const [failed, setFailed] = useState(false);
  const [latitude, longitude] = useWatch({
    control: form.control,
    name: ["latitude", "longitude"],
  });
  const point = pointOf(latitude, longitude);
  const pick = (picked: MapPoint) => {
    form.setValue("latitude", picked.lat.toFixed(6), { shouldDirty: true });
    form.setValue("longitude", picked.lng.toFixed(6), { shouldDirty: true });
    form.clearErrors(["latitude", "longitude"]);
  };
  const note = <p className="text-sm text-muted-foreground">{t("mapFailed")}</p>;
  if (failed || environment.status === "error" || (environment.status === "ready" && !apiKey)) {
    return note;
  }
  return (
    <div
      role="group"
      aria-label={t("mapLabel")}
      aria-describedby={readOnly ? undefined : hintId}
      className="flex flex-col gap-2"
    >
      {readOnly ? null : (
        <p id={hintId} className="text-sm text-muted-foreground">
          {t("mapHint")}
        </p>
      )}
      <div className="overflow-hidden rounded-card border border-border">
        {apiKey ? (
          <MapBoundary fallback={note} onError={() => setFailed(true)}>
            <PinMap
              apiKey={apiKey}
              language={language}
              point={point}
              pinLabel={t("pin")}
              onPick={readOnly ? undefined : pick}
              onFailure={() => setFailed(true)}
            />
          </MapBoundary>
        ) : (
          <Skeleton className="h-72 w-full" />
        )}
      </div>
    </div>
  );
}
