import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { AddressForm } from "@/components/addresses/address-form";
import { AuthPanel } from "@/components/auth/auth-panel";
import { ScopedMessages } from "@/components/layout/scoped-messages";
import { updateAddressAction } from "@/lib/addresses/actions";
import { getAddress } from "@/lib/addresses/addresses";
import { countryOptions } from "@/lib/addresses/address-rules";
import { addressLimits } from "@/lib/addresses/address-schema";
import { requireProfile } from "@/lib/profile/load-profile-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("addresses");
  return { title: t("update.metaTitle"), robots: { index: false } };
}

type Props = { params: Promise<{ addressId: string }> };

/** Edits one of the caller's addresses; an unknown id or anyone else's is a 404. */
export default async function EditAddressPage({ params }: Props) {
  const { addressId } = await params;
  const t = await getTranslations("addresses");
  const { claims } = await requireProfile(`/profile/my-addresses/${encodeURIComponent(addressId)}`);
  const address = await getAddress(claims, addressId);
  if (!address) notFound();
  const locale = await getLocale();
  return (
    <ScopedMessages scope="addresses">
      <AuthPanel title={t("update.title")}>
        <Link
          href="/profile/my-addresses"
          className="mb-6 inline-block text-sm text-primary-text underline underline-offset-4 hover:no-underline"
        >
          {t("backToList")}
        </Link>
        <AddressForm
          mode="update"
          action={updateAddressAction}
          countries={countryOptions(locale)}
          limits={addressLimits}
          address={{ id: address.id, version: address.version }}
          alreadyDefault={address.isDefault}
          defaults={{
            country: address.country,
            label: address.label ?? "",
            recipientName: address.recipientName,
            phone: address.phone ?? "",
            line1: address.line1,
            line2: address.line2 ?? "",
            city: address.city,
            region: address.region ?? "",
            postalCode: address.postalCode,
            isDefault: address.isDefault,
          }}
        />
      </AuthPanel>
    </ScopedMessages>
  );
}
