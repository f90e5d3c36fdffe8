import { organisationRoute } from "@/lib/backoffice/doors";
import { exportProducts } from "@/lib/commerce/products-import";

/**
 * Downloads the organisation's products as CSV (commerce.product.read, module on): one row
 * per variant, archived products included (lib/commerce/products-import.ts). UTF-8 with a
 * byte order mark, so that spreadsheets read accents right; never cached.
 */
export const GET = organisationRoute(
  { permission: "commerce.product.read", module: "commerce" },
  async (_request, access) => {
    const csv = await exportProducts(access.claims, access.organisation.id);
    // The organisation's day, as YYYY-MM-DD.
    const date = new Intl.DateTimeFormat("en-CA", {
      timeZone: access.organisation.timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(new Date());
    const slug = access.organisation.slug.replace(/[^a-z0-9-]/g, "-");
    return new Response(`\uFEFF${csv}`, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="products-${slug}-${date}.csv"`,
        "cache-control": "no-store",
      },
    });
  },
);
