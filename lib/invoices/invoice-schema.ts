import { z } from "zod";
import { textRule } from "@/lib/validation/text";

/**
 * What the order module gives to issue documents (docs/invoices.md). Strict: an unknown key
 * is a bug in the caller, refused before anything is written.
 */
const MAX_MINOR = 9_999_999_999;
const text = (max: number) => z.string().trim().check(textRule()).min(1).max(max);
const minor = z.number().int().min(0).max(MAX_MINOR);

export const partySchema = z.strictObject({
  name: text(200),
  email: z.string().trim().check(textRule()).max(320).pipe(z.email()).nullable().default(null),
  addressLines: z.array(text(200)).max(10).default([]),
  taxId: text(50).nullable().default(null),
});

export const lineSchema = z.strictObject({
  description: text(500),
  quantity: z.number().int().min(1).max(100_000),
  unitPriceMinor: minor,
  /** Basis points: 2100 is 21 %. */
  taxRateBps: z.number().int().min(0).max(10_000),
});

export const issueInvoiceSchema = z
  .strictObject({
    organisationId: z.uuid(),
    orderId: z.uuid(),
    buyerUserId: z.uuid(),
    currency: z.string().regex(/^[A-Z]{3}$/),
    locale: z.enum(["en", "es"]).default("en"),
    seller: partySchema,
    buyer: partySchema,
    lines: z.array(lineSchema).min(1).max(500),
    discountMinor: minor.default(0),
    deliveryMinor: minor.default(0),
    deliveryTaxRateBps: z.number().int().min(0).max(10_000).default(0),
  })
  .refine(
    (v) => v.discountMinor <= v.lines.reduce((sum, l) => sum + l.quantity * l.unitPriceMinor, 0),
    { message: "The discount exceeds the lines' total.", path: ["discountMinor"] },
  );

export type IssueInvoiceInput = z.input<typeof issueInvoiceSchema>;

export const issueCreditNoteSchema = z.strictObject({
  invoiceId: z.uuid(),
  refundId: text(200),
  reason: z
    .string()
    .trim()
    .check(textRule({ multiline: true }))
    .max(500)
    .nullable()
    .default(null),
  amountMinor: z.number().int().min(1).max(MAX_MINOR),
});

export type IssueCreditNoteInput = z.input<typeof issueCreditNoteSchema>;

/** A page number from the query string: 1 when missing or not a positive integer. */
export const pageSchema = z.coerce.number().int().min(1).max(100_000).catch(1);
