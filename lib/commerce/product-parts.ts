import "server-only";
import { and, count, eq, sql } from "drizzle-orm";
import type { CommandConfig } from "@/lib/backoffice/doors";
import type { Tx } from "@/lib/db/types";
import { AppError, isUniqueViolation } from "@/lib/errors/app-error";
import type { ExternalIdType } from "./catalogue-types";
import { validateExternalId } from "./identifiers";
import {
  attributeSchema,
  deleteAttributeSchema,
  deleteExternalIdSchema,
  externalIdSchema,
  updateAttributeSchema,
  updateExternalIdSchema,
} from "./product-schema";
import { productAttributes, productExternalIds } from "./schema";
import {
  attributeRow,
  lockProduct,
  recordProductWrite,
  type ProductWriteResult,
} from "./product-writes";
/** A product's attributes and external identifications: add, change, remove. */
// ── Attributes ─────────────────────────────────────────────────────────────────────────

function attributeClash(error: unknown): never {
  if (isUniqueViolation(error, "product_attributes_name_key")) {
    throw new AppError("nameTaken", "name");
  }
  throw error;
}

async function findAttribute(tx: Tx, organisationId: string, productId: string, name: string) {
  const [row] = await tx
    .select({
      id: productAttributes.id,
      name: productAttributes.name,
      type: productAttributes.type,
      value: productAttributes.value,
      unit: productAttributes.unit,
      choices: productAttributes.choices,
    })
    .from(productAttributes)
    .where(
      and(
        eq(productAttributes.productId, productId),
        eq(productAttributes.organisationId, organisationId),
        sql`lower(${productAttributes.name}) = lower(${name})`,
      ),
    );
  if (!row) throw new AppError("notFound");
  return row;
}

export const createAttributeCommand = {
  permission: "commerce.product.write",
  module: "commerce",
  schema: attributeSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    await lockProduct(tx, organisationId, input.productId);
    const [position] = await tx
      .select({ n: count() })
      .from(productAttributes)
      .where(
        and(
          eq(productAttributes.productId, input.productId),
          eq(productAttributes.organisationId, organisationId),
        ),
      );
    const values = attributeRow(input);
    await tx
      .insert(productAttributes)
      .values({ ...values, organisationId, productId: input.productId, position: position?.n ?? 0 })
      .catch(attributeClash);
    const written = await recordProductWrite(tx, audit, organisationId, input.productId, {
      action: "commerce.attribute.create",
      resourceType: "product",
      resourceId: input.productId,
      after: values,
    });
    return { ...written, name: input.name };
  },
} satisfies CommandConfig<typeof attributeSchema, ProductWriteResult & { name: string }>;

export const updateAttributeCommand = {
  permission: "commerce.product.write",
  module: "commerce",
  schema: updateAttributeSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    await lockProduct(tx, organisationId, input.productId);
    const { id, ...before } = await findAttribute(
      tx,
      organisationId,
      input.productId,
      input.attributeName,
    );
    const values = attributeRow(input);
    await tx
      .update(productAttributes)
      .set(values)
      .where(
        and(eq(productAttributes.id, id), eq(productAttributes.organisationId, organisationId)),
      )
      .catch(attributeClash);
    const written = await recordProductWrite(tx, audit, organisationId, input.productId, {
      action: "commerce.attribute.update",
      resourceType: "product",
      resourceId: input.productId,
      before,
      after: values,
    });
    return { ...written, name: input.name };
  },
} satisfies CommandConfig<typeof updateAttributeSchema, ProductWriteResult & { name: string }>;

export const deleteAttributeCommand = {
  permission: "commerce.product.write",
  module: "commerce",
  schema: deleteAttributeSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    await lockProduct(tx, organisationId, input.productId);
    const { id, ...before } = await findAttribute(
      tx,
      organisationId,
      input.productId,
      input.attributeName,
    );
    await tx
      .delete(productAttributes)
      .where(
        and(eq(productAttributes.id, id), eq(productAttributes.organisationId, organisationId)),
      );
    return recordProductWrite(tx, audit, organisationId, input.productId, {
      action: "commerce.attribute.delete",
      resourceType: "product",
      resourceId: input.productId,
      before,
    });
  },
} satisfies CommandConfig<typeof deleteAttributeSchema, ProductWriteResult>;

// ── External identifications ───────────────────────────────────────────────────────────

function checkedExternalId(type: ExternalIdType, raw: string) {
  const checked = validateExternalId(type, raw);
  if (!checked.ok) {
    throw new AppError(
      checked.reason === "checkDigit" ? "externalIdCheckDigit" : "externalIdFormat",
      "value",
    );
  }
  return checked;
}

function externalIdClash(error: unknown): never {
  if (isUniqueViolation(error, "product_external_ids_live_key")) {
    throw new AppError("externalIdTaken", "value");
  }
  throw error;
}

export const createExternalIdCommand = {
  permission: "commerce.product.write",
  module: "commerce",
  schema: externalIdSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    const product = await lockProduct(tx, organisationId, input.productId);
    const checked = checkedExternalId(input.type, input.value);
    const [created] = await tx
      .insert(productExternalIds)
      .values({
        organisationId,
        productId: input.productId,
        type: input.type,
        value: checked.value,
        matchKey: checked.matchKey,
        live: product.status !== "archived",
      })
      .returning({ id: productExternalIds.id })
      .catch(externalIdClash);
    if (!created) throw new Error("The identification was not created.");
    const written = await recordProductWrite(tx, audit, organisationId, input.productId, {
      action: "commerce.externalId.create",
      resourceType: "product",
      resourceId: input.productId,
      after: { type: input.type, value: checked.value },
    });
    return { ...written, externalId: created.id };
  },
} satisfies CommandConfig<typeof externalIdSchema, ProductWriteResult & { externalId: string }>;

async function findExternalId(tx: Tx, organisationId: string, productId: string, id: string) {
  const [row] = await tx
    .select({ type: productExternalIds.type, value: productExternalIds.value })
    .from(productExternalIds)
    .where(
      and(
        eq(productExternalIds.id, id),
        eq(productExternalIds.productId, productId),
        eq(productExternalIds.organisationId, organisationId),
      ),
    );
  if (!row) throw new AppError("notFound");
  return row;
}

export const updateExternalIdCommand = {
  permission: "commerce.product.write",
  module: "commerce",
  schema: updateExternalIdSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    await lockProduct(tx, organisationId, input.productId);
    const before = await findExternalId(tx, organisationId, input.productId, input.externalId);
    const checked = checkedExternalId(input.type, input.value);
    await tx
      .update(productExternalIds)
      .set({ type: input.type, value: checked.value, matchKey: checked.matchKey })
      .where(
        and(
          eq(productExternalIds.id, input.externalId),
          eq(productExternalIds.organisationId, organisationId),
        ),
      )
      .catch(externalIdClash);
    const written = await recordProductWrite(tx, audit, organisationId, input.productId, {
      action: "commerce.externalId.update",
      resourceType: "product",
      resourceId: input.productId,
      before,
      after: { type: input.type, value: checked.value },
    });
    return { ...written, externalId: input.externalId };
  },
} satisfies CommandConfig<
  typeof updateExternalIdSchema,
  ProductWriteResult & { externalId: string }
>;

export const deleteExternalIdCommand = {
  permission: "commerce.product.write",
  module: "commerce",
  schema: deleteExternalIdSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    await lockProduct(tx, organisationId, input.productId);
    const before = await findExternalId(tx, organisationId, input.productId, input.externalId);
    await tx
      .delete(productExternalIds)
      .where(
        and(
          eq(productExternalIds.id, input.externalId),
          eq(productExternalIds.organisationId, organisationId),
        ),
      );
    return recordProductWrite(tx, audit, organisationId, input.productId, {
      action: "commerce.externalId.delete",
      resourceType: "product",
      resourceId: input.productId,
      before,
    });
  },
} satisfies CommandConfig<typeof deleteExternalIdSchema, ProductWriteResult>;
