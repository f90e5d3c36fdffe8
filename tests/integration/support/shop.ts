import { eq } from "drizzle-orm";
import { users } from "@/lib/auth/schema";
import { products, productVariants } from "@/lib/commerce/schema";
import { getDb } from "@/lib/db/client";
import { runAsSystem } from "@/lib/db/run-context";
import { isAppError } from "@/lib/errors/app-error";
import { listings } from "@/lib/listings/schema";
import { orders } from "@/lib/orders/schema";
import type { Tx } from "@/lib/db/types";
import { randomUUID } from "node:crypto";
import { createTestUser } from "./organisations";

/** Shared by the cart and order suites: products to sell, shoppers, and an AppError's code. */
const db = () => getDb();

/** A product (listing `id`) with its variants, as the system; answers the variants' ids. */
export async function sellableProduct(
  organisationId: string,
  id: string,
  status: "published" | "draft",
  options: { name: string; values: string[] }[],
  variants: { values: string[]; price: number; stock: number | null }[],
): Promise<string[]> {
  return runAsSystem(db(), "test: cart products", async (tx) => {
    await tx.insert(listings).values({
      id,
      organisationId,
      kind: "product",
      slug: `cart-${id.slice(0, 8)}`,
      title: `Product ${id.slice(0, 4)}`,
      category: "fashion",
      currency: "EUR",
      status,
      publishedAt: status === "published" ? new Date() : null,
    });
    await tx.insert(products).values({ listingId: id, organisationId, options });
    const rows = await tx
      .insert(productVariants)
      .values(
        variants.map((v, position) => ({
          organisationId,
          productId: id,
          optionValues: v.values,
          priceMinor: v.price,
          trackStock: v.stock !== null,
          stock: v.stock,
          position,
        })),
      )
      .returning({ id: productVariants.id });
    return rows.map((row) => row.id);
  });
}

export async function shopper(label: string, guest = false) {
  const user = await createTestUser(db(), label);
  if (guest) {
    await runAsSystem(db(), "test: guest", (tx) =>
      tx.update(users).set({ isAnonymous: true }).where(eq(users.id, user.userId)),
    );
  }
  return { ...user, claims: { ...user.claims, is_anonymous: guest } };
}

export async function code(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "done";
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
}

/**
 * A paid order row (nothing else: no lines, no payment) for the documents and records that
 * refer to an order by foreign key: invoices, code redemptions. Kept when it exists already.
 */
export async function insertTestOrder(
  tx: Tx,
  input: { id?: string; organisationId: string; buyerUserId: string; currency?: string },
): Promise<string> {
  const id = input.id ?? randomUUID();
  await tx
    .insert(orders)
    .values({
      id,
      organisationId: input.organisationId,
      buyerUserId: input.buyerUserId,
      sellerName: "Test shop",
      reference: randomUUID().slice(0, 9).toUpperCase(),
      status: "confirmed",
      paymentStatus: "paid",
      currency: input.currency ?? "EUR",
      subtotalMinor: 0,
      totalMinor: 0,
      contact: { name: "Test buyer", email: "buyer@example.test", phone: null },
      delivery: { method: "pickup", name: "Pickup", note: null, priceMinor: 0 },
      holdExpiresAt: new Date(),
    })
    .onConflictDoNothing();
  return id;
}
