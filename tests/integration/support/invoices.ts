import { randomUUID } from "node:crypto";
import type { Tx } from "@/lib/db/types";
import type { IssueInvoiceInput } from "@/lib/invoices/invoice-schema";
import { issueInvoice } from "@/lib/invoices/issue";
import { insertTestOrder } from "./shop";

/** An order's invoice input: one line at 21 % (the unit price given), delivery at 21 %. */
export function invoiceInput(
  organisationId: string,
  buyerUserId: string,
  options: { unitPriceMinor?: number; orderId?: string } = {},
): IssueInvoiceInput {
  return {
    organisationId,
    orderId: options.orderId ?? randomUUID(),
    buyerUserId,
    currency: "EUR",
    locale: "es",
    seller: {
      name: "Librería Peña",
      email: "hola@pena.example",
      addressLines: ["Calle Mayor 1", "28013 Madrid"],
      taxId: "B12345678",
    },
    buyer: { name: "Ana Núñez", email: "ana@example.test", addressLines: [], taxId: null },
    lines: [
      {
        description: "Cuaderno",
        quantity: 1,
        unitPriceMinor: options.unitPriceMinor ?? 1250,
        taxRateBps: 2100,
      },
    ],
  };
}

/**
 * Issues the invoice of an order that exists: an invoice refers to its order (a foreign key on
 * organisation and order), so the paid order it is for is written first, as checkout would.
 */
export async function issueTestInvoice(tx: Tx, input: IssueInvoiceInput) {
  await insertTestOrder(tx, {
    id: input.orderId,
    organisationId: input.organisationId,
    buyerUserId: input.buyerUserId,
    currency: input.currency,
  });
  return issueInvoice(tx, input);
}

/** The PostgreSQL error a promise rejects with (Drizzle wraps it as `cause`). */
export async function pgError(
  promise: Promise<unknown>,
): Promise<{ code?: string; message?: string }> {
  try {
    await promise;
  } catch (error) {
    const cause = ((error as { cause?: unknown }).cause ?? error) as {
      code?: string;
      message?: string;
    };
    return { code: cause.code, message: cause.message };
  }
  throw new Error("expected a database error");
}
