import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { documentLabels } from "./labels";
import { renderDocumentPdf } from "./pdf";
import type { DocumentSnapshot } from "./snapshot";

/**
 * The PDF says what the snapshot says: its text, read back with a PDF parser (unpdf), holds
 * the number, the parties, every line and the totals, in the document's locale, with the
 * accents and the euro sign intact (the embedded font).
 */
const snapshot: DocumentSnapshot = {
  version: 1,
  kind: "invoice",
  number: "INV-2026-000007",
  issuedAt: "2026-11-27T10:00:00.000Z",
  timeZone: "Europe/Madrid",
  locale: "es",
  currency: "EUR",
  seller: {
    name: "Librería Peña",
    email: "hola@pena.example",
    addressLines: ["Calle Mayor 1", "28013 Madrid", "España"],
    taxId: "B12345678",
  },
  buyer: { name: "Łucja Núñez", email: "lucja@example.test", addressLines: [], taxId: null },
  lines: [
    {
      description: "Cuaderno de notas",
      quantity: 2,
      unitPriceMinor: 1250,
      taxRateBps: 2100,
      taxMinor: 434,
      totalMinor: 2500,
    },
    {
      description: "Novela «El año del cometa»",
      quantity: 1,
      unitPriceMinor: 1999,
      taxRateBps: 400,
      taxMinor: 77,
      totalMinor: 1999,
    },
  ],
  taxes: [
    { rateBps: 400, grossMinor: 1999, baseMinor: 1922, taxMinor: 77 },
    { rateBps: 2100, grossMinor: 2995, baseMinor: 2475, taxMinor: 520 },
  ],
  totals: {
    subtotalMinor: 4499,
    discountMinor: 0,
    deliveryMinor: 495,
    taxMinor: 597,
    totalMinor: 4994,
  },
};

async function pdfText(
  document: DocumentSnapshot,
): Promise<{ bytes: Buffer; text: string; pages: number }> {
  const bytes = await renderDocumentPdf(document, await documentLabels(document.locale));
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text, totalPages } = await extractText(pdf, { mergePages: true });
  return { bytes, text: text.replace(/\s+/g, " "), pages: totalPages };
}

describe("renderDocumentPdf", () => {
  it("writes a PDF holding the number, parties, lines, taxes and totals in Spanish", async () => {
    const { bytes, text } = await pdfText(snapshot);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    for (const expected of [
      "Factura",
      "INV-2026-000007",
      "27 de noviembre de 2026",
      "Librería Peña",
      "B12345678",
      "Łucja Núñez",
      "Cuaderno de notas",
      "Novela «El año del cometa»",
      "12,50 €",
      "25,00 €",
      "19,99 €",
      "Envío",
      "4,95 €",
      "49,94 €",
      "5,97 €",
      "Base imponible",
      "24,75 €",
      "Todos los precios incluyen impuestos.",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("labels a credit note in English with the invoice it credits and its reason", async () => {
    const { text } = await pdfText({
      ...snapshot,
      kind: "credit_note",
      number: "CN-2026-000001",
      locale: "en",
      currency: "USD",
      credit: { invoiceNumber: "INV-2026-000007", reason: "Damaged in transit" },
    });
    expect(text).toContain("Credit note");
    expect(text).toContain("CN-2026-000001");
    expect(text).toContain("Credits invoice INV-2026-000007");
    expect(text).toContain("Reason: Damaged in transit");
    expect(text).toContain("Total credited");
    expect(text).toContain("$49.94");
    expect(text).toContain("November 27, 2026");
  });

  it("continues a long document on further pages, every line and the totals included", async () => {
    const line = snapshot.lines[0]!;
    const lines = Array.from({ length: 120 }, (_, i) => ({
      ...line,
      description: `Item ${i + 1}`,
    }));
    const { text, pages } = await pdfText({ ...snapshot, lines });
    expect(pages).toBeGreaterThan(2);
    for (const description of ["Item 1 ", "Item 60 ", "Item 120 "]) {
      expect(text).toContain(description);
    }
    expect(text).toContain("49,94 €");
    expect(text).toContain("Todos los precios incluyen impuestos.");
  });
});
