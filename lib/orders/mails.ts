import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { withSystemContext } from "@/lib/db/context";
import { statement } from "@/lib/db/statement";
import { env } from "@/lib/env";
import { isLocale } from "@/lib/i18n/config";
import { formatMoney } from "@/lib/i18n/format";
import { sendMail } from "@/lib/mail/send";
import { profiles } from "@/lib/profile/schema";
import { orderMailKinds, type OrderMailKind } from "./order-types";
import { orderLines, orderRefunds, orders } from "./schema";

function isMailKind(value: string | undefined): value is OrderMailKind {
  return (orderMailKinds as readonly string[]).includes(value ?? "");
}

const mailOrder = statement<
  { orderId: string },
  { order: typeof orders.$inferSelect; locale: string | null }[]
>("orders: mail's order", (db) =>
  db
    .select({ order: orders, locale: profiles.locale })
    .from(orders)
    .leftJoin(profiles, eq(profiles.id, orders.buyerUserId))
    .where(eq(orders.id, sql.placeholder("orderId"))),
);

const mailLines = statement<
  { orderId: string },
  { title: string; quantity: number; total: number }[]
>("orders: mail's lines", (db) =>
  db
    .select({
      title: orderLines.title,
      quantity: orderLines.quantity,
      total: orderLines.totalMinor,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, sql.placeholder("orderId")))
    .orderBy(asc(orderLines.position)),
);

/**
 * Sends one of the buyer's order emails (a task of tasks.ts), in the buyer's profile language,
 * to the contact address given at checkout, from the order as it is now.
 */
export async function sendOrderMail(
  orderId: string,
  payload: Record<string, string>,
  _taskId: string,
): Promise<void> {
  const kind = payload.mail;
  if (!isMailKind(kind)) return;
  const found = await withSystemContext("orders: mail", async (tx) => {
    // Three reads, sent together.
    const [[order], lines, [refund]] = await Promise.all([
      mailOrder(tx, { orderId }),
      mailLines(tx, { orderId }),
      payload.refundId
        ? tx.select().from(orderRefunds).where(eq(orderRefunds.id, payload.refundId))
        : [],
    ]);
    return order ? { ...order, lines, refund } : null;
  });
  if (!found) return;
  const locale = isLocale(found.locale) ? found.locale : "en";
  const money = (minor: number) => formatMoney(minor, { currency: found.order.currency, locale });
  await sendMail({
    to: found.order.contact.email,
    template: "orderUpdate",
    locale,
    data: {
      kind,
      reference: found.order.reference,
      shopName: found.order.sellerName,
      total: money(found.order.totalMinor),
      amount: found.refund ? money(found.refund.amountMinor) : null,
      lines: found.lines.map((line) => ({
        title: line.title,
        quantity: line.quantity,
        total: money(line.total),
      })),
      orderUrl: new URL(`/profile/order/${orderId}`, env().SITE_URL).toString(),
    },
  });
}
