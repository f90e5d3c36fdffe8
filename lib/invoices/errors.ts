/**
 * Expected refusals of the issuing functions, for the order module to map to its messages:
 * `invoiceNotFound` (no such invoice to credit), `creditExceedsInvoice` (the credit notes
 * would take the invoice below zero), `alreadyInvoiced` is not an error: a second call for
 * the same order returns the first invoice.
 */
export type InvoiceErrorCode = "invoiceNotFound" | "creditExceedsInvoice";

export class InvoiceError extends Error {
  constructor(readonly code: InvoiceErrorCode) {
    super(code);
    this.name = "InvoiceError";
  }
}
