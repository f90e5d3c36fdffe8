import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/config";
import { formatIssueDate, formatMoney, formatRate } from "@/lib/invoices/format";
import type { InvoiceWithRelated } from "@/lib/invoices/invoices";
import type { PartySnapshot } from "@/lib/invoices/snapshot";
import { DocumentTable, numericCell, textCell } from "./document-table";
import { InvoiceTotals } from "./invoice-totals";

/**
 * A document in HTML, from its snapshot only (as the PDF): parties, lines, totals, the tax
 * breakdown, and its credit notes (or the invoice it credits). Labels in the page's locale.
 */
export async function InvoiceDocument({
  data,
  locale,
}: {
  data: InvoiceWithRelated;
  locale: Locale;
}) {
  const t = await getTranslations("invoices");
  const { snapshot } = data.document;
  const money = (minor: number) => formatMoney(locale, minor, snapshot.currency);

  const party = (id: string, title: string, p: PartySnapshot) => (
    <section aria-labelledby={id} className="rounded-card border border-border bg-surface p-4">
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      <address className="mt-2 text-sm break-words not-italic">
        {[p.name, ...p.addressLines, p.email ?? ""].filter(Boolean).map((line, i) => (
          <span key={i} className="block">
            {line}
          </span>
        ))}
        {p.taxId ? <span className="block">{t("document.taxId", { taxId: p.taxId })}</span> : null}
      </address>
    </section>
  );

  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted-foreground">
        {t("document.issued")}: {formatIssueDate(locale, snapshot.issuedAt, snapshot.timeZone)}
      </p>
      {snapshot.credit ? (
        <div className="text-sm">
          <p>
            {data.creditedInvoice ? (
              <Link
                href={`/profile/invoice/${data.creditedInvoice.id}`}
                className="text-primary-text underline underline-offset-4 hover:no-underline"
              >
                {t("detail.creditedInvoice", { number: snapshot.credit.invoiceNumber })}
              </Link>
            ) : (
              t("detail.creditedInvoice", { number: snapshot.credit.invoiceNumber })
            )}
          </p>
          {snapshot.credit.reason ? (
            <p>{t("document.reason", { reason: snapshot.credit.reason })}</p>
          ) : null}
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {party("invoice-seller", t("document.seller"), snapshot.seller)}
        {party("invoice-buyer", t("document.buyer"), snapshot.buyer)}
      </div>

      <DocumentTable
        id="invoice-lines"
        caption={t("document.lines")}
        headers={[
          t("document.description"),
          t("document.quantity"),
          t("document.unitPrice"),
          t("document.taxRate"),
          t("document.lineTotal"),
        ]}
      >
        {snapshot.lines.map((line, i) => (
          <tr key={i} className="border-b border-border last:border-0">
            <td className={`${textCell} min-w-40 break-words`}>{line.description}</td>
            <td className={numericCell}>{line.quantity}</td>
            <td className={numericCell}>{money(line.unitPriceMinor)}</td>
            <td className={numericCell}>{formatRate(locale, line.taxRateBps)}</td>
            <td className={numericCell}>{money(line.totalMinor)}</td>
          </tr>
        ))}
      </DocumentTable>

      <InvoiceTotals snapshot={snapshot} locale={locale} />

      {data.document.kind === "invoice" ? (
        <section aria-labelledby="invoice-credit-notes">
          <h2 id="invoice-credit-notes" className="font-semibold">
            {t("detail.creditNotes")}
          </h2>
          {data.creditNotes.length === 0 ? (
            <p className="mt-2 text-sm text-muted-foreground">{t("detail.noCreditNotes")}</p>
          ) : (
            <ul className="mt-2 flex flex-col gap-2 text-sm">
              {data.creditNotes.map((note) => (
                <li key={note.id} className="flex flex-wrap gap-x-4">
                  <Link
                    href={`/profile/invoice/${note.id}`}
                    className="text-primary-text underline underline-offset-4 hover:no-underline"
                  >
                    {note.number}
                  </Link>
                  <span>{formatIssueDate(locale, note.issuedAt, note.timeZone)}</span>
                  <span className="font-semibold">{money(note.totalMinor)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}
