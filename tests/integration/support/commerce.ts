import { randomUUID } from "node:crypto";
import {
  brands,
  productAttributes,
  productExternalIds,
  products,
  productVariants,
} from "@/lib/commerce/schema";
import { listings } from "@/lib/listings/schema";
import { offers } from "@/lib/offers/schema";
import { organisationModules } from "@/lib/organisations/schema";
import { runAsSystem } from "@/lib/db/run-context";
import type { Db } from "@/lib/db/types";
import type { ModuleTier } from "@/lib/modules/catalogue";

/** Switches the commerce module on for an organisation (as the settings screen would). */
export async function enableCommerce(db: Db, organisationId: string, tier: ModuleTier = "free") {
  await runAsSystem(db, "test: commerce module", (tx) =>
    tx
      .insert(organisationModules)
      .values({ organisationId, module: "commerce", tier })
      .onConflictDoUpdate({
        target: [organisationModules.organisationId, organisationModules.module],
        set: { tier, enabled: true },
      }),
  );
}

/** A product form's values, ready to publish unless overridden. */
export function productInput(title: string, overrides: Record<string, unknown> = {}) {
  return {
    title,
    slug: "",
    summary: "A short summary that is long enough.",
    description: "A description of the product that is long enough to publish it.",
    category: "electronics",
    brandId: "",
    taxClass: "standard",
    tags: "phone, android",
    price: "199.99",
    ...overrides,
  };
}

export function variant(
  optionValues: string[],
  price: string,
  overrides: Record<string, unknown> = {},
) {
  return {
    optionValues,
    sku: "",
    price,
    compareAt: "",
    trackStock: true,
    stock: "10",
    ...overrides,
  };
}

/** A draft product of the organisation with a brand, an attribute and an external id. */
export async function seedProduct(db: Db, organisationId: string) {
  const ids = {
    productId: randomUUID(),
    brandId: randomUUID(),
    externalId: randomUUID(),
    offerId: randomUUID(),
    attributeName: "Pages",
  };
  await runAsSystem(db, "test: product", async (tx) => {
    await tx
      .insert(brands)
      .values({ id: ids.brandId, organisationId, name: `Brand ${ids.brandId.slice(0, 6)}` });
    await tx.insert(listings).values({
      id: ids.productId,
      organisationId,
      kind: "product",
      slug: `seeded-${ids.productId.slice(0, 8)}`,
      title: "Seeded product",
      category: "books",
      currency: "USD",
    });
    await tx
      .insert(products)
      .values({ listingId: ids.productId, organisationId, brandId: ids.brandId });
    await tx
      .insert(productVariants)
      .values({ organisationId, productId: ids.productId, priceMinor: 500, trackStock: false });
    await tx.insert(productAttributes).values({
      organisationId,
      productId: ids.productId,
      name: ids.attributeName,
      type: "number",
      value: 320,
    });
    await tx.insert(productExternalIds).values({
      id: ids.externalId,
      organisationId,
      productId: ids.productId,
      type: "mpn",
      value: `MPN-${ids.externalId.slice(0, 6)}`,
      matchKey: `mpn:mpn-${ids.externalId.slice(0, 6)}`,
    });
    await tx.insert(offers).values({
      id: ids.offerId,
      organisationId,
      listingId: ids.productId,
      title: "Seeded offer",
      kind: "percentage",
      value: 10,
      startsAt: new Date(Date.now() - 3_600_000),
      endsAt: new Date(Date.now() + 86_400_000),
    });
  });
  return ids;
}
