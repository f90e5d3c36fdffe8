import { describe, expect, it } from "vitest";
import { issueCreditNoteSchema, issueInvoiceSchema, pageSchema } from "./invoice-schema";

const valid = {
  organisationId: "6f1b8c2e-4a57-4d0e-9a51-0c1f2b3d4e5f",
  orderId: "7a2c9d3f-5b68-4e1f-8b62-1d2e3f4a5b6c",
  buyerUserId: "8b3d0e4a-6c79-4f2a-9c73-2e3f4a5b6c7d",
  currency: "EUR",
  seller: { name: "Librería Peña" },
  buyer: { name: "Ana", email: "ana@example.test" },
  lines: [{ description: "Mug", quantity: 2, unitPriceMinor: 1000, taxRateBps: 2100 }],
};

describe("issueInvoiceSchema", () => {
  it("accepts an order's input and fills the defaults", () => {
    expect(issueInvoiceSchema.parse(valid)).toMatchObject({
      locale: "en",
      discountMinor: 0,
      deliveryMinor: 0,
      seller: { name: "Librería Peña", email: null, addressLines: [], taxId: null },
    });
  });

  it.each([
    ["an unknown key", { ...valid, paid: true }],
    ["a lower-case currency", { ...valid, currency: "eur" }],
    ["no lines", { ...valid, lines: [] }],
    ["a discount above the lines", { ...valid, discountMinor: 2001 }],
    ["a fractional amount", { ...valid, deliveryMinor: 1.5 }],
    ["a rate above 100 %", { ...valid, lines: [{ ...valid.lines[0], taxRateBps: 10_001 }] }],
    ["a control character", { ...valid, seller: { name: "Pe\u0000ña" } }],
    ["a bad email", { ...valid, buyer: { name: "Ana", email: "ana" } }],
    ["an unknown locale", { ...valid, locale: "fr" }],
  ])("refuses %s", (_name, input) => {
    expect(issueInvoiceSchema.safeParse(input).success).toBe(false);
  });
});

describe("issueCreditNoteSchema", () => {
  it("needs a refund id and a positive whole amount", () => {
    const note = { invoiceId: valid.orderId, refundId: "re_1", amountMinor: 1 };
    expect(issueCreditNoteSchema.parse(note)).toMatchObject({ reason: null });
    expect(issueCreditNoteSchema.safeParse({ ...note, amountMinor: 0 }).success).toBe(false);
    expect(issueCreditNoteSchema.safeParse({ ...note, refundId: " " }).success).toBe(false);
  });
});

describe("pageSchema", () => {
  it("reads a page number and falls back to 1", () => {
    expect(pageSchema.parse("3")).toBe(3);
    for (const bad of [undefined, "abc", "0", "-2", "1.5", ["2", "3"]]) {
      expect(pageSchema.parse(bad)).toBe(1);
    }
  });
});
