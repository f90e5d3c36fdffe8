import { notFoundResponse, organisationRoute } from "@/lib/backoffice/doors";
import { invoicePdf, pdfResponse } from "@/lib/invoices/invoice-pdf";

/**
 * The seller's download of one of the organisation's invoices or credit notes, for members
 * with commerce.order.read (docs/invoices.md); the order pages link to it. No module check:
 * issued documents stay downloadable if the organisation turns commerce off. 404 otherwise.
 */
export const GET = organisationRoute<{ organisationId: string; invoiceId: string }>(
  { permission: "commerce.order.read" },
  async (_request, access, params) => {
    const pdf = await invoicePdf(
      { kind: "organisation", claims: access.claims, organisationId: access.organisation.id },
      params.invoiceId,
    );
    return pdf ? pdfResponse(pdf) : notFoundResponse();
  },
);
