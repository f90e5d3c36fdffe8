import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { CommandConfig } from "@/lib/backoffice/doors";
import { withUserContext, type UserClaims } from "@/lib/db/context";
import { AppError } from "@/lib/errors/app-error";
import { publicFileUrl } from "@/lib/files/public-files";
import { isUuid } from "./access";
import { organisationProfileSchema } from "./organisation-schema";
import { organisations } from "./schema";

/**
 * The organisation's profile (settings index): read it for the form, save it with a
 * version check. The logo is its own command (lib/organisations/logo.ts).
 */
const profileColumns = {
  id: organisations.id,
  name: organisations.name,
  slug: organisations.slug,
  description: organisations.description,
  logoFileId: organisations.logoFileId,
  phone: organisations.phone,
  website: organisations.website,
  addressLine1: organisations.addressLine1,
  addressLine2: organisations.addressLine2,
  city: organisations.city,
  region: organisations.region,
  postalCode: organisations.postalCode,
  country: organisations.country,
  timeZone: organisations.timeZone,
  currency: organisations.currency,
  locale: organisations.locale,
  version: organisations.version,
};

export interface OrganisationProfile {
  id: string;
  name: string;
  slug: string;
  description: string;
  logoFileId: string | null;
  phone: string | null;
  website: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  region: string | null;
  postalCode: string | null;
  country: string;
  timeZone: string;
  currency: string;
  locale: string;
  version: number;
}

/** The profile as the caller may see it (RLS: members), or null. */
export async function getOrganisationProfile(
  claims: UserClaims,
  organisationId: string,
): Promise<OrganisationProfile | null> {
  if (!isUuid(organisationId)) return null;
  const [row] = await withUserContext(claims, (tx) =>
    tx.select(profileColumns).from(organisations).where(eq(organisations.id, organisationId)),
  );
  return row ?? null;
}

/**
 * The logo's address: the logo is a public file of the organisation (is_public), served to
 * anyone by the public-files route (lib/files/public-files.ts), so public pages can show it.
 */
export function organisationLogoUrl(logoFileId: string | null): string | null {
  return logoFileId ? publicFileUrl({ id: logoFileId }) : null;
}

/** Saves the profile: refused as stale when someone saved since the form was read. */
export const updateOrganisationProfileCommand = {
  permission: "settings.organisation.write",
  schema: organisationProfileSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    const [before] = await tx
      .select(profileColumns)
      .from(organisations)
      .where(eq(organisations.id, organisationId))
      .for("update");
    if (!before) throw new AppError("notFound");
    const { version, ...values } = input;
    const [after] = await tx
      .update(organisations)
      .set({ ...values, version: sql`${organisations.version} + 1` })
      .where(and(eq(organisations.id, organisationId), eq(organisations.version, version)))
      .returning(profileColumns);
    if (!after) throw new AppError("stale");
    await audit({
      action: "settings.organisation.update",
      resourceType: "organisation",
      resourceId: organisationId,
      before,
      after,
    });
    return { version: after.version };
  },
} satisfies CommandConfig<typeof organisationProfileSchema, { version: number }>;
