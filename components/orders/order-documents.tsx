import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { InvoiceListItem } from "@/lib/invoices/invoices";

/** The order's invoice and credit notes, each with its page (buyer) and PDF download. */
export async function OrderDocuments({
  documents,
  pageHref,
  pdfHref,
}: {
  documents: InvoiceListItem[];
  /** The document's page, for the buyer; none for the seller. */
  pageHref: ((id: string) => string) | null;
  pdfHref: (id: string) => string;
}) {
  if (documents.length === 0) return null;
  const t = await getTranslations("orders.detail");
  return (
    <section aria-labelledby="order-documents" className="flex flex-col gap-2">
      <h2 id="order-documents" className="text-lg font-semibold">
        {t("invoices")}
      </h2>
      <ul className="flex flex-col gap-1 text-sm" data-testid="order-documents">
        {documents.map((document) => {
          const label =
            document.kind === "invoice"
              ? t("invoice", { number: document.number })
              : t("creditNote", { number: document.number });
          return (
            <li key={document.id} className="flex flex-wrap gap-x-4">
              {pageHref ? (
                <Link
                  href={pageHref(document.id)}
                  className="text-primary-text underline underline-offset-4"
                >
                  {label}
                </Link>
              ) : (
                <span>{label}</span>
              )}
              <a
                href={pdfHref(document.id)}
                className="text-primary-text underline underline-offset-4"
                download
              >
                {t("download")}
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
