import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Queryable } from "@/lib/db/types";
import { listings } from "@/lib/listings/schema";
import { demoOwnerUserId, demoOrganisation } from "@/lib/organisations/seed";
import { employments, organisationModules, organisations, roles } from "@/lib/organisations/schema";
import { builtinRoleKeys } from "@/lib/permissions/define";
import { users } from "@/lib/auth/schema";
import { profiles } from "@/lib/profile/schema";
import { reviews } from "@/lib/reviews/schema";
import type { StorageAdapter } from "@/lib/storage/types";
import { offers } from "@/lib/offers/schema";
import { demoCatalogue } from "./demo-catalogue";
import { demoOffers } from "./demo-offers";
import { seedDemoImages } from "./demo-images";
import { validateExternalId } from "./identifiers";
import { brands, productAttributes, productExternalIds, products, productVariants } from "./schema";

const DAY = 24 * 60 * 60 * 1000;

/** Fixed ids of a demo organisation's roles (…c<NNN><role>) and owner employment (…e<NNN>1). */
function derivedId(organisationId: string, kind: "c" | "e", n: number): string {
  return `00000000-0000-4000-8000-0000000${kind}${organisationId.slice(-3)}${n}`;
}

/**
 * The demo marketplace (issue 11 §5): the organisations of lib/commerce/demo-catalogue.ts
 * (the demo owner owns every one, so a newcomer can switch between them), the commerce
 * module on each, their brands and products with variants, attributes and external ids,
 * (given a storage adapter) their pictures, and a few running offers (demo-offers.ts).
 * Idempotent: fixed ids, inserted only where missing, in the seed's transaction.
 */
export async function seedCatalogue(db: Queryable, storage?: StorageAdapter): Promise<void> {
  const catalogue = demoCatalogue();
  const now = Date.now();
  for (const org of catalogue.organisations) {
    if (org.id !== demoOrganisation.id) {
      await db
        .insert(organisations)
        .values({
          id: org.id,
          name: org.name,
          slug: org.slug,
          description: org.description,
          createdBy: demoOwnerUserId,
        })
        .onConflictDoNothing();
      const roleIds = builtinRoleKeys.map((_, i) => derivedId(org.id, "c", i + 1));
      await db
        .insert(roles)
        .values(
          builtinRoleKeys.map((key, i) => ({
            id: roleIds[i],
            organisationId: org.id,
            builtinKey: key,
            name: key,
          })),
        )
        .onConflictDoNothing();
      await db
        .insert(employments)
        .values({
          id: derivedId(org.id, "e", 1),
          organisationId: org.id,
          userId: demoOwnerUserId,
          roleId: roleIds[0]!,
          status: "active",
        })
        .onConflictDoNothing();
    }
    // The shop's address and money, once: an organisation whose address someone set keeps it
    // (the demo organisation's country and currency too, unless still the defaults).
    await db
      .update(organisations)
      .set({
        description: sql`case when ${organisations.description} = '' then ${org.description} else ${organisations.description} end`,
        addressLine1: org.address.line1,
        city: org.address.city,
        region: org.address.region,
        postalCode: org.address.postalCode,
        country: sql`case when ${organisations.country} = 'US' and ${organisations.currency} = 'USD' then ${org.country} else ${organisations.country} end`,
        currency: sql`case when ${organisations.country} = 'US' and ${organisations.currency} = 'USD' then ${org.currency} else ${organisations.currency} end`,
      })
      .where(and(eq(organisations.id, org.id), isNull(organisations.addressLine1)));
    await db
      .insert(organisationModules)
      .values({ organisationId: org.id, module: "commerce", tier: "pro" })
      .onConflictDoNothing();
  }
  const orgById = new Map(catalogue.organisations.map((o) => [o.id, o]));
  // Listings are priced in their organisation's currency as it now stands.
  const currencies = new Map(
    (
      await db
        .select({ id: organisations.id, currency: organisations.currency })
        .from(organisations)
        .where(inArray(organisations.id, [...orgById.keys()]))
    ).map((o) => [o.id, o.currency]),
  );
  const currencyOf = (id: string) => currencies.get(id) ?? "USD";

  await db
    .insert(brands)
    .values(catalogue.brands.map((b) => ({ ...b })))
    .onConflictDoNothing();

  for (let start = 0; start < catalogue.products.length; start += 100) {
    const batch = catalogue.products.slice(start, start + 100);
    await db
      .insert(listings)
      .values(
        batch.map((p) => {
          const org = orgById.get(p.organisationId)!;
          const publishedAt = new Date(now - p.publishedDaysAgo * DAY);
          return {
            id: p.id,
            organisationId: p.organisationId,
            kind: "product" as const,
            slug: p.slug,
            title: p.title,
            summary: p.summary,
            description: p.description,
            category: p.category,
            tags: [...p.tags],
            status: p.status,
            addressLine1: org.address.line1,
            city: org.address.city,
            region: org.address.region,
            postalCode: org.address.postalCode,
            country: org.address.country,
            latitude: org.latitude,
            longitude: org.longitude,
            priceFromMinor: Math.min(...p.variants.map((v) => v.priceMinor)),
            currency: currencyOf(p.organisationId),
            inStock: p.variants.some((v) => !v.trackStock || (v.stock ?? 0) > 0),
            createdBy: demoOwnerUserId,
            createdAt: new Date(publishedAt.getTime() - 7 * DAY),
            publishedAt: p.status === "draft" ? null : publishedAt,
          };
        }),
      )
      .onConflictDoNothing();
    await db
      .insert(products)
      .values(
        batch.map((p) => ({
          listingId: p.id,
          organisationId: p.organisationId,
          brandId: p.brandId,
          taxClass: p.taxClass,
          options: p.options.map((o) => ({ name: o.name, values: [...o.values] })),
        })),
      )
      .onConflictDoNothing();
    await db
      .insert(productVariants)
      .values(
        batch.flatMap((p) =>
          p.variants.map((v, position) => ({
            ...v,
            optionValues: [...v.optionValues],
            organisationId: p.organisationId,
            productId: p.id,
            position,
          })),
        ),
      )
      .onConflictDoNothing();
    const attributes = batch.flatMap((p) =>
      p.attributes.map((a, position) => ({
        organisationId: p.organisationId,
        productId: p.id,
        name: a.name,
        type: a.type,
        value: Array.isArray(a.value) ? [...a.value] : a.value,
        unit: a.unit ?? null,
        choices: a.choices ? [...a.choices] : null,
        position,
      })),
    );
    if (attributes.length)
      await db.insert(productAttributes).values(attributes).onConflictDoNothing();
    // One identification per code and product: a book's ISBN-10 is its ISBN-13 (same key).
    const ids = batch.flatMap((p) => {
      const seen = new Set<string>();
      return p.externalIds.flatMap((e) => {
        const checked = validateExternalId(e.type, e.value);
        if (!checked.ok || seen.has(checked.matchKey)) return [];
        seen.add(checked.matchKey);
        return [
          {
            organisationId: p.organisationId,
            productId: p.id,
            type: e.type,
            value: checked.value,
            matchKey: checked.matchKey,
            live: p.status !== "archived",
          },
        ];
      });
    });
    if (ids.length) await db.insert(productExternalIds).values(ids).onConflictDoNothing();
  }

  await seedReviews(db, now);
  const offerRows = demoOffers(catalogue.products);
  if (offerRows.length) {
    await db
      .insert(offers)
      .values(
        offerRows.map((o) => ({
          ...o,
          startsAt: new Date(now - DAY),
          endsAt: new Date(now + 90 * DAY),
        })),
      )
      .onConflictDoNothing();
  }
  if (storage) await seedDemoImages(db, storage, catalogue.products);
}

/**
 * The demo reviewers (users with profiles, no password: they never sign in) and their
 * reviews with the shops' answers; the listings' rating summaries follow by trigger.
 */
async function seedReviews(db: Queryable, now: number): Promise<void> {
  const { reviewers, reviews: demoReviews } = demoCatalogue();
  const created = new Date("2026-01-01T00:00:00Z");
  await db
    .insert(users)
    .values(
      reviewers.map((r) => ({
        id: r.id,
        aud: "authenticated",
        role: "authenticated",
        email: r.email,
        emailConfirmedAt: created,
        rawAppMetaData: { provider: "email", providers: ["email"] },
        rawUserMetaData: {},
        createdAt: created,
        updatedAt: created,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(profiles)
    .values(reviewers.map((r) => ({ id: r.id, displayName: r.displayName })))
    .onConflictDoNothing();
  const organisationOf = new Map(demoCatalogue().products.map((p) => [p.id, p.organisationId]));
  for (let start = 0; start < demoReviews.length; start += 200) {
    await db
      .insert(reviews)
      .values(
        demoReviews.slice(start, start + 200).map((r) => {
          const at = new Date(now - r.daysAgo * DAY);
          return {
            id: r.id,
            organisationId: organisationOf.get(r.productId)!,
            listingId: r.productId,
            authorUserId: r.authorUserId,
            rating: r.rating,
            title: r.title,
            body: r.body,
            reply: r.reply,
            repliedAt: r.reply ? at : null,
            createdAt: at,
          };
        }),
      )
      .onConflictDoNothing();
  }
}
