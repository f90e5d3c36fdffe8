import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { AddressList } from "@/components/addresses/address-list";
import { AddressNotice } from "@/components/addresses/address-notice";
import { AuthPanel } from "@/components/auth/auth-panel";
import { listAddresses } from "@/lib/addresses/addresses";
import { requireProfile } from "@/lib/profile/load-profile-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("addresses");
  return { title: t("metaTitle"), robots: { index: false } };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The caller's address book (docs/addresses.md). */
export default async function MyAddressesPage({ searchParams }: Props) {
  const t = await getTranslations("addresses");
  const { claims } = await requireProfile("/profile/my-addresses");
  const [addresses, locale, query] = await Promise.all([
    listAddresses(claims),
    getLocale(),
    searchParams,
  ]);
  return (
    <AuthPanel title={t("title")} intro={t("intro")}>
      <Link
        href="/profile"
        className="mb-6 inline-block text-sm text-primary-text underline underline-offset-4 hover:no-underline"
      >
        {t("back")}
      </Link>
      <AddressNotice done={query.done} error={query.error} />
      <AddressList addresses={addresses} locale={locale} />
    </AuthPanel>
  );
}
