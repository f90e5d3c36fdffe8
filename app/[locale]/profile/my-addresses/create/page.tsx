import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { AddressForm } from "@/components/addresses/address-form";
import { AuthPanel } from "@/components/auth/auth-panel";
import { ScopedMessages } from "@/components/layout/scoped-messages";
import { createAddressAction } from "@/lib/addresses/actions";
import { countryOptions } from "@/lib/addresses/address-rules";
import { addressLimits } from "@/lib/addresses/address-schema";
import { requireProfile } from "@/lib/profile/load-profile-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("addresses");
  return { title: t("create.metaTitle"), robots: { index: false } };
}

/** Adds an address; the country select starts at the page language's country. */
export default async function CreateAddressPage() {
  const t = await getTranslations("addresses");
  const { profile } = await requireProfile("/profile/my-addresses/create");
  const locale = await getLocale();
  return (
    <ScopedMessages scope="addresses">
      <AuthPanel title={t("create.title")}>
        <Link
          href="/profile/my-addresses"
          className="mb-6 inline-block text-sm text-primary-text underline underline-offset-4 hover:no-underline"
        >
          {t("backToList")}
        </Link>
        <AddressForm
          mode="create"
          action={createAddressAction}
          countries={countryOptions(locale)}
          limits={addressLimits}
          defaults={{
            country: locale === "es" ? "ES" : "US",
            label: "",
            recipientName: profile.displayName,
            phone: "",
            line1: "",
            line2: "",
            city: "",
            region: "",
            postalCode: "",
            isDefault: false,
          }}
        />
      </AuthPanel>
    </ScopedMessages>
  );
}
