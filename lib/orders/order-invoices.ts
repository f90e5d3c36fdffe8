import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { formatAddressLines } from "@/lib/addresses/addresses";
import { statement } from "@/lib/db/statement";
import type { Tx } from "@/lib/db/types";
import { isLocale } from "@/lib/i18n/config";
import { listOrderInvoices } from "@/lib/invoices/invoices";
import { issueCreditNote, issueInvoice } from "@/lib/invoices/issue";
import { profiles } from "@/lib/profile/schema";
import { orderLines, type orders, type orderRefunds } from "./schema";

type OrderRow = typeof orders.$inferSelect;

const invoiceLines = statement<{ orderId: string }, (typeof orderLines.$inferSelect)[]>(
  "orders: invoice lines",
  (db) =>
    db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, sql.placeholder("orderId")))
      .orderBy(asc(orderLines.position)),
);

const buyerLocale = statement<{ userId: string }, { locale: string | null }[]>(
  "orders: buyer's locale",
  (db) =>
    db
      .select({ locale: profiles.locale })
      .from(profiles)
      .where(eq(profiles.id, sql.placeholder("userId"))),
);

/**
 * The invoice of a paid order, issued in the transaction that confirms it (gapless numbering:
 * lib/invoices), from the order's own copies: lines, contact, address, delivery and discount.
 */
export async function invoiceOrder(tx: Tx, order: OrderRow): Promise<void> {
  const [lines, [profile]] = await Promise.all([
    invoiceLines(tx, { orderId: order.id }),
    buyerLocale(tx, { userId: order.buyerUserId }),
  ]);
  const locale = isLocale(profile?.locale) ? profile.locale : "en";
  const address = order.shippingAddress;
  await issueInvoice(tx, {
    organisationId: order.organisationId,
    orderId: order.id,
    buyerUserId: order.buyerUserId,
    currency: order.currency,
    locale,
    seller: { name: order.sellerName },
    buyer: {
      name: order.contact.name,
      email: order.contact.email,
      addressLines: address
        ? formatAddressLines(
            {
              recipientName: address.recipient,
              line1: address.line1,
              line2: address.line2,
              city: address.city,
              region: address.region,
              postalCode: address.postalCode ?? "",
              country: address.country,
            },
            locale,
          )
        : [],
    },
    lines: lines.map((line) => ({
      description: line.optionLabel ? `${line.title} (${line.optionLabel})` : line.title,
      quantity: line.quantity,
      unitPriceMinor: line.unitPriceMinor,
      taxRateBps: line.taxRateBasisPoints,
    })),
    discountMinor: order.discountMinor,
    deliveryMinor: order.deliveryMinor,
  });
}

/** A credit note for a refund that went through, against the order's invoice (if it had one). */
export async function creditRefund(
  tx: Tx,
  refund: typeof orderRefunds.$inferSelect,
  providerRefundId: string,
): Promise<void> {
  const invoice = (await listOrderInvoices(tx, refund.orderId)).find(
    (document) => document.kind === "invoice",
  );
  if (!invoice) return;
  await issueCreditNote(tx, {
    invoiceId: invoice.id,
    refundId: providerRefundId,
    reason: refund.note ?? refund.reason,
    amountMinor: refund.amountMinor,
  });
}
