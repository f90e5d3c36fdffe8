import { getCurrentClaims } from "@/lib/auth/server/session";
import { notFoundResponse } from "@/lib/backoffice/doors";
import { invoicePdf, pdfResponse } from "@/lib/invoices/invoice-pdf";

/**
 * The buyer's download of one of their invoices or credit notes (docs/invoices.md): the PDF
 * as an attachment, or 404 for anyone else, a visitor or an unknown id.
 */
export async function GET(_request: Request, context: { params: Promise<{ invoiceId: string }> }) {
  const claims = await getCurrentClaims();
  if (!claims) return notFoundResponse();
  const { invoiceId } = await context.params;
  const pdf = await invoicePdf({ kind: "buyer", claims }, invoiceId);
  return pdf ? pdfResponse(pdf) : notFoundResponse();
}
