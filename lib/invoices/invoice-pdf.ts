import "server-only";
import { and, eq, type SQL } from "drizzle-orm";
import { withSystemContext, withUserContext, type UserClaims } from "@/lib/db/context";
import { isDocumentId } from "./invoices";
import { documentLabels } from "./labels";
import { renderDocumentPdf } from "./pdf";
import { invoicePdfs, invoices } from "./schema";

/**
 * A document's PDF for someone who may read it, or null (docs/invoices.md, "PDF").
 * - `buyer`: the caller's own documents (the profile's download).
 * - `organisation`: the organisation's documents, for a member the back-office door already
 *   checked for commerce.order.read; RLS checks the permission again.
 * Stored once: the first download renders the snapshot and stores the bytes (a system write,
 * after the read above proved access); every later download, and a concurrent first one,
 * serves the stored bytes.
 */
export type PdfAccess =
  | { kind: "buyer"; claims: UserClaims }
  | { kind: "organisation"; claims: UserClaims; organisationId: string };

export interface InvoicePdf {
  number: string;
  content: Uint8Array;
}

function scopeOf(access: PdfAccess): SQL {
  return access.kind === "buyer"
    ? eq(invoices.buyerUserId, access.claims.sub)
    : eq(invoices.organisationId, access.organisationId);
}

export async function invoicePdf(access: PdfAccess, invoiceId: string): Promise<InvoicePdf | null> {
  if (!isDocumentId(invoiceId)) return null;
  const found = await withUserContext(access.claims, async (tx) => {
    const [row] = await tx
      .select({
        organisationId: invoices.organisationId,
        number: invoices.number,
        snapshot: invoices.snapshot,
        content: invoicePdfs.content,
      })
      .from(invoices)
      .leftJoin(invoicePdfs, eq(invoicePdfs.invoiceId, invoices.id))
      .where(and(eq(invoices.id, invoiceId), scopeOf(access)))
      .limit(1);
    return row ?? null;
  });
  if (!found) return null;
  if (found.content) return { number: found.number, content: found.content };

  const { snapshot } = found;
  const rendered = await renderDocumentPdf(snapshot, await documentLabels(snapshot.locale));
  const content = await withSystemContext("invoices: store pdf", async (tx) => {
    await tx
      .insert(invoicePdfs)
      .values({ invoiceId, organisationId: found.organisationId, content: rendered })
      .onConflictDoNothing();
    const [stored] = await tx
      .select({ content: invoicePdfs.content })
      .from(invoicePdfs)
      .where(eq(invoicePdfs.invoiceId, invoiceId));
    return stored!.content;
  });
  return { number: found.number, content };
}

/** The download answer: the PDF as an attachment, never cached by shared caches. */
export function pdfResponse(pdf: InvoicePdf): Response {
  return new Response(Buffer.from(pdf.content), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${pdf.number}.pdf"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
