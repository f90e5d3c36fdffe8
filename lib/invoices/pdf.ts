import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import PDFDocument from "pdfkit";
import { formatIssueDate, formatMoney, formatRate } from "./format";
import type { DocumentSnapshot, PartySnapshot } from "./snapshot";

/**
 * A document's PDF, from its snapshot only (docs/invoices.md, "PDF"). pdfkit draws it; the
 * text is set in DejaVu Sans (the `dejavu-fonts-ttf` package), embedded as a subset, so any
 * Latin, Greek or Cyrillic name prints ("Peña", "Łódź", "€"), which the PDF standard fonts
 * (WinAnsi only) would not. Labels come in the document's locale.
 */
export type DocumentLabel = (key: string, values?: Record<string, string>) => string;

const fontRequire = createRequire(path.join(process.cwd(), "package.json"));
let fonts: { path: string; regular: Buffer; bold: Buffer } | null = null;

function loadFonts() {
  if (!fonts) {
    const regular = fontRequire.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf");
    fonts = {
      path: regular,
      regular: readFileSync(regular),
      bold: readFileSync(fontRequire.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf")),
    };
  }
  return fonts;
}

const MARGIN = 50;
const PAGE_WIDTH = 595.28; // A4
const CONTENT = PAGE_WIDTH - 2 * MARGIN;

/** Columns of the lines table: description, quantity, unit price, tax rate, total. */
const columns = [
  { key: "description", width: 215, align: "left" },
  { key: "quantity", width: 40, align: "right" },
  { key: "unitPrice", width: 85, align: "right" },
  { key: "taxRate", width: 60, align: "right" },
  { key: "lineTotal", width: CONTENT - 215 - 40 - 85 - 60, align: "right" },
] as const;

export async function renderDocumentPdf(
  snapshot: DocumentSnapshot,
  t: DocumentLabel,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const { path: fontPath, regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    // The default font, instead of Helvetica (whose metrics pdfkit would read from disk).
    font: fontPath,
    compress: options.compress ?? true,
    lang: snapshot.locale,
    info: {
      Title: `${t(snapshot.kind)} ${snapshot.number}`,
      Author: snapshot.seller.name,
      CreationDate: new Date(snapshot.issuedAt),
    },
  });
  doc.registerFont("regular", regular);
  doc.registerFont("bold", bold);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const money = (minor: number) => formatMoney(snapshot.locale, minor, snapshot.currency);
  const { locale } = snapshot;

  doc.font("bold").fontSize(20).text(t(snapshot.kind), MARGIN, MARGIN);
  doc.moveDown(0.3).font("regular").fontSize(10);
  doc.text(`${t("number")}: ${snapshot.number}`);
  doc.text(`${t("issued")}: ${formatIssueDate(locale, snapshot.issuedAt, snapshot.timeZone)}`);
  if (snapshot.credit) {
    doc.text(t("creditFor", { number: snapshot.credit.invoiceNumber }));
    if (snapshot.credit.reason) doc.text(t("reason", { reason: snapshot.credit.reason }));
  }

  const partiesTop = doc.y + 20;
  const half = CONTENT / 2 - 10;
  const party = (title: string, p: PartySnapshot, x: number) => {
    doc.font("bold").fontSize(11).text(title, x, partiesTop, { width: half });
    doc.font("regular").fontSize(10);
    for (const line of [p.name, ...p.addressLines, p.email ?? ""].filter(Boolean)) {
      doc.text(line, x, undefined, { width: half });
    }
    if (p.taxId) doc.text(t("taxId", { taxId: p.taxId }), x, undefined, { width: half });
    return doc.y;
  };
  const bottom = Math.max(
    party(t("seller"), snapshot.seller, MARGIN),
    party(t("buyer"), snapshot.buyer, MARGIN + CONTENT / 2 + 10),
  );

  let y = bottom + 24;
  const row = (cells: readonly string[], font: "regular" | "bold") => {
    doc.font(font).fontSize(9);
    let x = MARGIN;
    let height = 0;
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      const options = { width: column.width - 6, align: column.align };
      height = Math.max(height, doc.heightOfString(cell, options));
      doc.text(cell, x, y, options);
      x += column.width;
    });
    y += height + 6;
    if (y > doc.page.height - 120) {
      doc.addPage();
      y = MARGIN;
    }
  };
  row(
    columns.map((c) => t(c.key)),
    "bold",
  );
  doc
    .moveTo(MARGIN, y - 3)
    .lineTo(MARGIN + CONTENT, y - 3)
    .stroke();
  for (const line of snapshot.lines) {
    row(
      [
        line.description,
        String(line.quantity),
        money(line.unitPriceMinor),
        formatRate(locale, line.taxRateBps),
        money(line.totalMinor),
      ],
      "regular",
    );
  }

  // The totals and the breakdown stay together on one page.
  if (y > doc.page.height - MARGIN - 150 - 14 * snapshot.taxes.length) {
    doc.addPage();
    y = MARGIN;
  }
  y += 10;
  const totals: [string, string, "regular" | "bold"][] = [
    [t("subtotal"), money(snapshot.totals.subtotalMinor), "regular"],
  ];
  if (snapshot.totals.discountMinor > 0) {
    totals.push([t("discount"), `−${money(snapshot.totals.discountMinor)}`, "regular"]);
  }
  if (snapshot.totals.deliveryMinor > 0) {
    totals.push([t("delivery"), money(snapshot.totals.deliveryMinor), "regular"]);
  }
  totals.push(
    [
      snapshot.kind === "credit_note" ? t("totalCredited") : t("total"),
      money(snapshot.totals.totalMinor),
      "bold",
    ],
    [t("taxIncluded"), money(snapshot.totals.taxMinor), "regular"],
  );
  for (const [label, value, font] of totals) {
    doc.font(font).fontSize(10);
    doc.text(label, MARGIN + CONTENT - 260, y, { width: 150, align: "right" });
    doc.text(value, MARGIN + CONTENT - 105, y, { width: 105, align: "right" });
    y += 16;
  }

  y += 14;
  doc.font("bold").fontSize(11).text(t("taxes"), MARGIN, y);
  y = doc.y + 4;
  const taxColumns = [t("rate"), t("base"), t("tax"), t("gross")];
  const taxRows = snapshot.taxes.map((tax) => [
    formatRate(locale, tax.rateBps),
    money(tax.baseMinor),
    money(tax.taxMinor),
    money(tax.grossMinor),
  ]);
  for (const [i, cells] of [taxColumns, ...taxRows].entries()) {
    doc.font(i === 0 ? "bold" : "regular").fontSize(9);
    cells.forEach((cell, c) => {
      doc.text(cell, MARGIN + c * 110, y, { width: 100, align: c === 0 ? "left" : "right" });
    });
    y += 14;
  }

  doc
    .font("regular")
    .fontSize(8)
    .text(t("pricesIncludeTax"), MARGIN, y + 16, { width: CONTENT });
  doc.end();
  return done;
}
