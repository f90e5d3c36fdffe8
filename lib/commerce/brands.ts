import "server-only";
import { and, asc, count, desc, eq, ilike, sql } from "drizzle-orm";
import { pageOffset } from "@/components/ui/data-table/pager";
import { countedPage, countRows } from "@/lib/db/counted-page";
import type { SortDirection } from "@/components/ui/data-table/params";
import type { CommandConfig } from "@/lib/backoffice/doors";
import { withUserContext, type UserClaims } from "@/lib/db/context";
import type { Tx } from "@/lib/db/types";
import { AppError, isUniqueViolation } from "@/lib/errors/app-error";
import { isUuid } from "@/lib/organisations/access";
import type { BrandSort } from "./list-params";
import { brandSchema, deleteBrandSchema, updateBrandSchema } from "./product-schema";
import { brands, products } from "./schema";

/**
 * An organisation's brands: the paged list, one brand, the options of the product form,
 * and create / update (version check) / delete. Deleting a brand leaves its products
 * without one (the foreign key sets it to null). RLS (commerce.product.read,
 * commerce.brand.write) is the backstop of every query.
 */
export interface BrandSummary {
  id: string;
  name: string;
  website: string | null;
  products: number;
  updatedAt: Date;
}

export interface BrandDetail {
  id: string;
  name: string;
  description: string;
  website: string | null;
  version: number;
  products: number;
}

const sortColumns = { name: brands.name, updated: brands.updatedAt } as const;

export async function listBrands(
  claims: UserClaims,
  organisationId: string,
  query: { page: number; size: number; sort: BrandSort; dir: SortDirection; q?: string },
): Promise<{ rows: BrandSummary[]; total: number; page: number }> {
  if (!isUuid(organisationId)) return { rows: [], total: 0, page: 1 };
  const order = query.dir === "desc" ? desc : asc;
  return withUserContext(claims, async (tx) => {
    const search = query.q?.trim();
    const where = and(
      eq(brands.organisationId, organisationId),
      catalogueReader(organisationId),
      search ? ilike(brands.name, `%${escapeLike(search)}%`) : undefined,
    );
    return countedPage(
      query.page,
      query.size,
      () => countRows(tx, brands, where),
      (page) =>
        tx
          .select({
            id: brands.id,
            name: brands.name,
            website: brands.website,
            updatedAt: brands.updatedAt,
            products: count(products.listingId),
          })
          .from(brands)
          .leftJoin(
            products,
            and(eq(products.brandId, brands.id), eq(products.organisationId, organisationId)),
          )
          .where(where)
          .groupBy(brands.id)
          .orderBy(order(sortColumns[query.sort]), asc(brands.id))
          .limit(query.size)
          .offset(pageOffset(page, query.size)),
    );
  });
}

/**
 * A member of the organisation who may read its catalogue (commerce.product.read). Brands
 * and products of published listings are readable by anyone under RLS; the back office asks
 * for the permission as well, so that it shows nothing to another organisation's members.
 */
export function catalogueReader(organisationId: string) {
  return sql`(select app.has_permission(${organisationId}::uuid, 'commerce.product.read'))`;
}

/** `%` and `_` typed in a search box are literal characters. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function getBrand(
  claims: UserClaims,
  organisationId: string,
  brandId: string,
): Promise<BrandDetail | null> {
  if (!isUuid(organisationId) || !isUuid(brandId)) return null;
  return withUserContext(claims, async (tx) => {
    const [row] = await tx
      .select({
        id: brands.id,
        name: brands.name,
        description: brands.description,
        website: brands.website,
        version: brands.version,
        products: count(products.listingId),
      })
      .from(brands)
      .leftJoin(
        products,
        and(eq(products.brandId, brands.id), eq(products.organisationId, organisationId)),
      )
      .where(
        and(
          eq(brands.id, brandId),
          eq(brands.organisationId, organisationId),
          catalogueReader(organisationId),
        ),
      )
      .groupBy(brands.id);
    return row ?? null;
  });
}

/** Every brand's id and name, for the product form's select (an organisation has tens). */
export async function brandOptions(
  claims: UserClaims,
  organisationId: string,
): Promise<{ id: string; name: string }[]> {
  if (!isUuid(organisationId)) return [];
  return withUserContext(claims, (tx) =>
    tx
      .select({ id: brands.id, name: brands.name })
      .from(brands)
      .where(and(eq(brands.organisationId, organisationId), catalogueReader(organisationId)))
      .orderBy(asc(brands.name))
      .limit(1000),
  );
}

function nameClash(error: unknown): never {
  if (isUniqueViolation(error, "brands_organisation_name_key")) {
    throw new AppError("nameTaken", "name");
  }
  throw error;
}

async function staleOrMissing(tx: Tx, organisationId: string, brandId: string): Promise<never> {
  const [row] = await tx
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.id, brandId), eq(brands.organisationId, organisationId)));
  throw new AppError(row ? "stale" : "notFound");
}

async function readBrand(tx: Tx, organisationId: string, brandId: string) {
  const [row] = await tx
    .select({
      name: brands.name,
      description: brands.description,
      website: brands.website,
      version: brands.version,
    })
    .from(brands)
    .where(and(eq(brands.id, brandId), eq(brands.organisationId, organisationId)))
    .for("update");
  return row ?? null;
}

export const createBrandCommand = {
  permission: "commerce.brand.write",
  module: "commerce",
  schema: brandSchema,
  async run({ tx, access, input, audit }) {
    const [created] = await tx
      .insert(brands)
      .values({ organisationId: access.organisation.id, ...input })
      .returning({ id: brands.id, version: brands.version })
      .catch(nameClash);
    if (!created) throw new Error("The brand was not created.");
    await audit({
      action: "commerce.brand.create",
      resourceType: "brand",
      resourceId: created.id,
      after: input,
    });
    return created;
  },
} satisfies CommandConfig<typeof brandSchema, { id: string; version: number }>;

export const updateBrandCommand = {
  permission: "commerce.brand.write",
  module: "commerce",
  schema: updateBrandSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    const before = await readBrand(tx, organisationId, input.brandId);
    if (!before) throw new AppError("notFound");
    const { brandId, version, ...values } = input;
    const [updated] = await tx
      .update(brands)
      .set({ ...values, version: version + 1 })
      .where(
        and(
          eq(brands.id, brandId),
          eq(brands.organisationId, organisationId),
          eq(brands.version, version),
        ),
      )
      .returning({ id: brands.id, version: brands.version })
      .catch(nameClash);
    if (!updated) return staleOrMissing(tx, organisationId, brandId);
    await audit({
      action: "commerce.brand.update",
      resourceType: "brand",
      resourceId: brandId,
      before,
      after: { ...values, version: updated.version },
    });
    return updated;
  },
} satisfies CommandConfig<typeof updateBrandSchema, { id: string; version: number }>;

export const deleteBrandCommand = {
  permission: "commerce.brand.write",
  module: "commerce",
  schema: deleteBrandSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    const before = await readBrand(tx, organisationId, input.brandId);
    if (!before) throw new AppError("notFound");
    const [removed] = await tx
      .delete(brands)
      .where(
        and(
          eq(brands.id, input.brandId),
          eq(brands.organisationId, organisationId),
          eq(brands.version, input.version),
        ),
      )
      .returning({ id: brands.id });
    if (!removed) return staleOrMissing(tx, organisationId, input.brandId);
    await audit({
      action: "commerce.brand.delete",
      resourceType: "brand",
      resourceId: removed.id,
      before,
    });
    return { id: removed.id };
  },
} satisfies CommandConfig<typeof deleteBrandSchema, { id: string }>;
