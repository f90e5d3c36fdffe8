import { eq } from "drizzle-orm";
import { users } from "@/lib/auth/schema";
import { products, productVariants } from "@/lib/commerce/schema";
import { getDb } from "@/lib/db/client";
import { runAsSystem } from "@/lib/db/run-context";
import { isAppError } from "@/lib/errors/app-error";
import { listings } from "@/lib/listings/schema";
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
