import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { InvoiceDocument } from "@/components/invoices/invoice-document";
import { buttonVariants } from "@/components/ui/button";
import type { Locale } from "@/lib/i18n/config";
import { getMyInvoice } from "@/lib/invoices/invoices";
import { requireProfile } from "@/lib/profile/load-profile-page";

type Props = { params: Promise<{ invoiceId: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("invoices");
  return { title: t("metaTitle"), robots: { index: false } };
}

/**
 * One of the caller's documents in HTML, with its PDF download (docs/invoices.md). Anyone
 * else's, or an unknown id, is a 404.
 */
export default async function MyInvoicePage({ params }: Props) {
  const { invoiceId } = await params;
  const { claims } = await requireProfile(`/profile/invoice/${invoiceId}`);
  const data = await getMyInvoice(claims, invoiceId);
  if (!data) notFound();
  const [t, locale] = await Promise.all([getTranslations("invoices"), getLocale()]);
  const { document } = data;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 md:py-12">
      <Link
        href="/profile/invoice"
        className="mb-6 inline-block text-sm text-primary-text underline underline-offset-4 hover:no-underline"
      >
        {t("backToList")}
      </Link>
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <h1 className="text-3xl font-bold tracking-tight break-all">
          {t(`kinds.${document.kind}`)} {document.number}
        </h1>
        {/* A plain link: the route answers with the PDF as an attachment. */}
        <a
          href={`/api/invoices/${document.id}/pdf`}
          className={buttonVariants({ variant: "primary" })}
          aria-label={t("detail.downloadLabel", { number: document.number })}
          download
        >
          {t("detail.download")}
        </a>
      </div>
      <InvoiceDocument data={data} locale={locale as Locale} />
    </div>
  );
}
