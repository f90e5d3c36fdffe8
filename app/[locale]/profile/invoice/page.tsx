import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { InvoiceList } from "@/components/invoices/invoice-list";
import type { Locale } from "@/lib/i18n/config";
import { pageSchema } from "@/lib/invoices/invoice-schema";
import { listMyInvoices } from "@/lib/invoices/invoices";
import { requireProfile } from "@/lib/profile/load-profile-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("invoices");
  return { title: t("metaTitle"), robots: { index: false } };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The caller's invoices and credit notes, newest first, paginated (docs/invoices.md). */
export default async function MyInvoicesPage({ searchParams }: Props) {
  const t = await getTranslations("invoices");
  const { claims } = await requireProfile("/profile/invoice");
  const query = await searchParams;
  const page = pageSchema.parse(query.page);
  const [list, locale] = await Promise.all([listMyInvoices(claims, page), getLocale()]);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 md:py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-3 text-muted-foreground">{t("intro")}</p>
      <Link
        href="/profile"
        className="mt-6 mb-6 inline-block text-sm text-primary-text underline underline-offset-4 hover:no-underline"
      >
        {t("back")}
      </Link>
      <InvoiceList list={list} locale={locale as Locale} />
    </div>
  );
}
