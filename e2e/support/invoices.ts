import { randomUUID } from "node:crypto";
import { sql } from "./backoffice";

/**
 * Seeds documents for a registered consumer straight into the e2e database (orders are
 * another module's; the payment flow that issues invoices is tested there): an invoice of
 * the demo organisation with two lines, and a credit note against it, numbered through the
 * same counter rows the app uses (lib/invoices/issue.ts), in one transaction.
 */
const DEMO_ORGANISATION_ID = "00000000-0000-4000-8000-00000000a001";

export interface SeededInvoices {
  invoice: { id: string; number: string };
  creditNote: { id: string; number: string };
}

export async function seedInvoicesFor(email: string): Promise<SeededInvoices> {
  return sql(async (db) =>
    db.begin(async (tx) => {
      const [user] = await tx<{ id: string }[]>`select id from auth.users where email = ${email}`;
      if (!user) throw new Error(`no user ${email}`);
      const year = new Date().getUTCFullYear();
      const issuedAt = new Date().toISOString();
      const next = async (kind: string, prefix: string) => {
        await tx`select pg_advisory_xact_lock(hashtextextended(${`invoices.${kind}:${DEMO_ORGANISATION_ID}`}, 0))`;
        const [row] = await tx<{ sequence: number }[]>`
          insert into public.invoice_counters as c (organisation_id, kind, series_year, last_sequence)
          values (${DEMO_ORGANISATION_ID}, ${kind}, ${year}, 1)
          on conflict (organisation_id, kind, series_year)
          do update set last_sequence = c.last_sequence + 1
          returning c.last_sequence as sequence`;
        const sequence = row!.sequence;
        return { sequence, number: `${prefix}-${year}-${String(sequence).padStart(6, "0")}` };
      };
      const seller = {
        name: "Live Market Demo",
        email: "shop@example.com",
        addressLines: ["Calle Mayor 1", "28013 Madrid", "Spain"],
        taxId: "B12345678",
      };
      const buyer = { name: "Robin Peña", email, addressLines: [], taxId: null };
      const orderId = randomUUID();
      const invoiceId = randomUUID();
      const invoiceNumber = await next("invoice", "INV");
      const invoiceSnapshot = {
        version: 1,
        kind: "invoice",
        number: invoiceNumber.number,
        issuedAt,
        timeZone: "Europe/Madrid",
        locale: "en",
        currency: "EUR",
        seller,
        buyer,
        lines: [
          {
            description: "Ceramic mug",
            quantity: 2,
            unitPriceMinor: 1210,
            taxRateBps: 2100,
            taxMinor: 420,
            totalMinor: 2420,
          },
          {
            description: "Notebook",
            quantity: 1,
            unitPriceMinor: 520,
            taxRateBps: 400,
            taxMinor: 20,
            totalMinor: 520,
          },
        ],
        taxes: [
          { rateBps: 400, grossMinor: 520, baseMinor: 500, taxMinor: 20 },
          { rateBps: 2100, grossMinor: 2420, baseMinor: 2000, taxMinor: 420 },
        ],
        totals: {
          subtotalMinor: 2940,
          discountMinor: 0,
          deliveryMinor: 0,
          taxMinor: 440,
          totalMinor: 2940,
        },
      };
      // The paid order the documents are of (invoices refer to it by foreign key).
      await tx`insert into public.orders (id, organisation_id, buyer_user_id, seller_name, reference,
          status, payment_status, currency, subtotal_minor, total_minor, contact, delivery,
          hold_expires_at)
        values (${orderId}, ${DEMO_ORGANISATION_ID}, ${user.id}, 'Live Market Demo',
          ${randomUUID().slice(0, 9).toUpperCase()}, 'confirmed', 'paid', 'EUR', 2940, 2940,
          ${tx.json({ name: "Ana", email: "ana@example.test", phone: null })},
          ${tx.json({ method: "pickup", name: "Pickup", note: null, priceMinor: 0 })}, now())`;
      await tx`insert into public.invoices (id, organisation_id, kind, order_id, buyer_user_id, number,
          series_year, sequence, currency, subtotal_minor, discount_minor, delivery_minor, tax_minor,
          total_minor, snapshot, issued_at)
        values (${invoiceId}, ${DEMO_ORGANISATION_ID}, 'invoice', ${orderId}, ${user.id},
          ${invoiceNumber.number}, ${year}, ${invoiceNumber.sequence}, 'EUR', 2940, 0, 0, 440, 2940,
          ${tx.json(invoiceSnapshot)}, ${issuedAt})`;

      const creditId = randomUUID();
      const creditIssuedAt = new Date(Date.now() + 1000).toISOString();
      const creditNumber = await next("credit_note", "CN");
      const creditSnapshot = {
        ...invoiceSnapshot,
        kind: "credit_note",
        number: creditNumber.number,
        issuedAt: creditIssuedAt,
        lines: [
          {
            description: `Refund on invoice ${invoiceNumber.number}`,
            quantity: 1,
            unitPriceMinor: 1210,
            taxRateBps: 2100,
            taxMinor: 210,
            totalMinor: 1210,
          },
        ],
        taxes: [{ rateBps: 2100, grossMinor: 1210, baseMinor: 1000, taxMinor: 210 }],
        totals: {
          subtotalMinor: 1210,
          discountMinor: 0,
          deliveryMinor: 0,
          taxMinor: 210,
          totalMinor: 1210,
        },
        credit: { invoiceNumber: invoiceNumber.number, reason: "Broken in transit" },
      };
      await tx`insert into public.invoices (id, organisation_id, kind, order_id, buyer_user_id, number,
          series_year, sequence, currency, subtotal_minor, discount_minor, delivery_minor, tax_minor,
          total_minor, snapshot, credited_invoice_id, refund_id, reason, issued_at)
        values (${creditId}, ${DEMO_ORGANISATION_ID}, 'credit_note', ${orderId}, ${user.id},
          ${creditNumber.number}, ${year}, ${creditNumber.sequence}, 'EUR', 1210, 0, 0, 210, 1210,
          ${tx.json(creditSnapshot)}, ${invoiceId}, ${`re_${randomUUID()}`}, 'Broken in transit',
          ${creditIssuedAt})`;
      return {
        invoice: { id: invoiceId, number: invoiceNumber.number },
        creditNote: { id: creditId, number: creditNumber.number },
      };
    }),
  );
}
