import { randomUUID } from "node:crypto";
import { sql } from "./backoffice";

/** A published product of `organisationId` with the given variants; returns its id. */
export async function publishProduct(
  organisationId: string,
  title: string,
  options: { name: string; values: string[] }[],
  variants: { values: string[]; price: number; stock: number | null }[],
): Promise<string> {
  const id = randomUUID();
  await sql(async (db) => {
    await db`insert into listings (id, organisation_id, kind, slug, title, summary, category, currency, status, published_at, price_from_minor)
      values (${id}, ${organisationId}, 'product', ${`cart-${id.slice(0, 8)}`}, ${title},
        'A product for the cart journey.', 'fashion', 'EUR', 'published', now(),
        ${Math.min(...variants.map((v) => v.price))})`;
    await db`insert into products (listing_id, organisation_id, options)
      values (${id}, ${organisationId}, ${db.json(options)})`;
    for (const [position, v] of variants.entries()) {
      await db`insert into product_variants (organisation_id, product_id, option_values, price_minor, track_stock, stock, position)
        values (${organisationId}, ${id}, ${v.values}, ${v.price}, ${v.stock !== null}, ${v.stock}, ${position})`;
    }
  });
  return id;
}
