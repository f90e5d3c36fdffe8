import { emailColors } from "./email-layout";
import type { MailTemplate } from "./types";

export type OrderMailData = {
  kind: "confirmed" | "shipped" | "refunded";
  reference: string;
  shopName: string;
  /** The order's total, formatted in the buyer's locale. */
  total: string;
  /** The refunded amount (refunded only). */
  amount: string | null;
  lines: { title: string; quantity: number; total: string }[];
  /** Absolute link to the order in the buyer's profile. */
  orderUrl: string;
};

/** The buyer's order emails (issue 12 §3): confirmation, shipment and refund. */
export const orderUpdate: MailTemplate<OrderMailData> = {
  subject: (t, data) =>
    t(`order.${data.kind}.subject`, { reference: data.reference, shop: data.shopName }),
  Body: ({ t, data }) => (
    <>
      <h1 style={{ fontSize: 22, margin: "0 0 16px" }}>
        {t(`order.${data.kind}.heading`, { reference: data.reference })}
      </h1>
      <p style={{ margin: "0 0 16px" }}>
        {t(`order.${data.kind}.intro`, { shop: data.shopName, amount: data.amount ?? "" })}
      </p>
      <table style={{ width: "100%", borderCollapse: "collapse", margin: "0 0 16px" }}>
        <tbody>
          {data.lines.map((line, index) => (
            <tr key={index}>
              <td style={{ padding: "4px 0" }}>
                {line.quantity} × {line.title}
              </td>
              <td style={{ padding: "4px 0", textAlign: "right" }}>{line.total}</td>
            </tr>
          ))}
          <tr>
            <td style={{ padding: "8px 0 0", fontWeight: 600 }}>{t("order.total")}</td>
            <td style={{ padding: "8px 0 0", textAlign: "right", fontWeight: 600 }}>
              {data.total}
            </td>
          </tr>
        </tbody>
      </table>
      <p style={{ margin: "0 0 16px" }}>
        <a href={data.orderUrl}>{t("order.view")}</a>
      </p>
      <p style={{ margin: 0, color: emailColors.muted, fontSize: 13 }}>{t("order.closing")}</p>
    </>
  ),
};
