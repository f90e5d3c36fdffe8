import { z } from "zod";
import { textRule } from "@/lib/validation/text";
import { attributeTypes, externalIdTypes, productCategories, taxClasses } from "./catalogue-types";
import { versionSchema } from "@/lib/validation/version";

/**
 * The products back office's forms, shared by the browser (react-hook-form) and the server
 * actions. Amounts are typed in major units ("19.99") and turned into minor units by the
 * command, which knows the organisation's currency. Messages that are not spec §5 ones
 * carry a `commerce:` key (messages/<locale>/commerce.json, `validation`).
 */
export const catalogueLimits = {
  title: { max: 200 },
  summary: { max: 300 },
  description: { max: 20_000 },
  slug: { max: 80 },
  brandName: { max: 120 },
  brandDescription: { max: 2000 },
  url: { max: 300 },
  tags: { max: 20, length: 40 },
  options: { max: 3, values: 20, length: 40 },
  variants: { max: 100 },
  sku: { max: 64 },
  attributeName: { max: 60 },
  attributeText: { max: 500 },
  unit: { max: 20 },
  choices: { max: 30 },
} as const;

export const commerceMessage = {
  duplicateCombination: "commerce:duplicateCombination",
  duplicateOptionValue: "commerce:duplicateOptionValue",
  duplicateOptionName: "commerce:duplicateOptionName",
  compareAtNotAbove: "commerce:compareAtNotAbove",
  amount: "commerce:amount",
  stockRequired: "commerce:stockRequired",
  checkDigit: "commerce:checkDigit",
  choiceUnknown: "commerce:choiceUnknown",
  combinationMismatch: "commerce:combinationMismatch",
} as const;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const AMOUNT = /^\d{1,8}(?:\.\d{1,3})?$/;
const COLOUR = /^#[0-9a-f]{6}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const line = (max: number) => z.string().trim().check(textRule()).max(max);
const requiredLine = (max: number) => line(max).min(1);
const paragraph = (max: number) =>
  z
    .string()
    .trim()
    .check(textRule({ multiline: true }))
    .max(max);
const uuidField = z.string().trim().uuid();
const optionalUrl = z
  .string()
  .trim()
  .check(textRule())
  .max(catalogueLimits.url.max)
  .optional()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || /^https?:\/\/[^\s]+$/i.test(v));

/** Lower-cases and hyphenates a title into a slug suggestion. */
export function slugifyTitle(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, catalogueLimits.slug.max)
    .replace(/-+$/g, "");
}

// ── Brands ─────────────────────────────────────────────────────────────────────────────

export const brandSchema = z.object({
  name: requiredLine(catalogueLimits.brandName.max),
  description: paragraph(catalogueLimits.brandDescription.max),
  website: optionalUrl,
});
export const updateBrandSchema = brandSchema.extend({
  brandId: uuidField,
  version: versionSchema,
});
export const deleteBrandSchema = z.object({ brandId: uuidField, version: versionSchema });
export type BrandInput = z.input<typeof brandSchema>;
export type BrandValues = z.output<typeof brandSchema>;

// ── Products: the listing's fields ─────────────────────────────────────────────────────

const tagsField = z
  .string()
  .trim()
  .check(textRule())
  .max(catalogueLimits.tags.max * (catalogueLimits.tags.length + 2))
  .transform((text) => [
    ...new Set(
      text
        .split(",")
        .map((tag) => tag.trim().toLowerCase())
        .filter(Boolean),
    ),
  ])
  .refine(
    (tags) =>
      tags.length <= catalogueLimits.tags.max &&
      tags.every((tag) => tag.length <= catalogueLimits.tags.length),
  );

export const productSchema = z.object({
  title: requiredLine(catalogueLimits.title.max),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(catalogueLimits.slug.max)
    .refine((slug) => slug === "" || SLUG.test(slug)),
  summary: paragraph(catalogueLimits.summary.max),
  description: paragraph(catalogueLimits.description.max),
  category: z.enum(productCategories),
  brandId: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || z.string().uuid().safeParse(v).success),
  taxClass: z.enum(taxClasses),
  tags: tagsField,
});
export const createProductSchema = productSchema.extend({
  /** The first variant's price: a product without options has exactly one variant. */
  price: z
    .string()
    .trim()
    .check(textRule())
    .min(1)
    .regex(AMOUNT, { message: commerceMessage.amount }),
});
export const updateProductSchema = productSchema.extend({
  productId: uuidField,
  version: versionSchema,
});
export type ProductInput = z.input<typeof createProductSchema>;
export type ProductValues = z.output<typeof createProductSchema>;
export type UpdateProductInput = z.input<typeof updateProductSchema>;
export type UpdateProductValues = z.output<typeof updateProductSchema>;

export const productRefSchema = z.object({ productId: uuidField, version: versionSchema });

export const productStatusActions = ["publish", "unpublish", "archive", "restore"] as const;
export type ProductStatusAction = (typeof productStatusActions)[number];

export const bulkStatusSchema = z.object({
  action: z.enum(productStatusActions),
  productIds: z.preprocess(
    (v) => (Array.isArray(v) ? v : v === undefined ? [] : [v]),
    z.array(uuidField).min(1).max(100),
  ),
});

// ── Options and variants ───────────────────────────────────────────────────────────────

const amountField = z
  .string()
  .trim()
  .check(textRule())
  .min(1)
  .regex(AMOUNT, { message: commerceMessage.amount });

export const variantSchema = z
  .object({
    optionValues: z.array(requiredLine(catalogueLimits.options.length)),
    sku: line(catalogueLimits.sku.max).transform((v) => (v ? v : null)),
    price: amountField,
    compareAt: z
      .string()
      .trim()
      .check(textRule())
      .refine((v) => v === "" || AMOUNT.test(v), { message: commerceMessage.amount })
      .transform((v) => (v ? v : null)),
    trackStock: z.boolean(),
    stock: z
      .string()
      .trim()
      .refine((v) => v === "" || /^\d{1,7}$/.test(v))
      .transform((v) => (v === "" ? null : Number(v))),
  })
  .superRefine((variant, ctx) => {
    if (variant.trackStock && variant.stock === null) {
      ctx.addIssue({ code: "custom", path: ["stock"], message: commerceMessage.stockRequired });
    }
    if (variant.compareAt !== null && Number(variant.compareAt) <= Number(variant.price)) {
      ctx.addIssue({
        code: "custom",
        path: ["compareAt"],
        message: commerceMessage.compareAtNotAbove,
      });
    }
  });

export const optionSchema = z.object({
  name: requiredLine(catalogueLimits.options.length),
  values: z
    .array(requiredLine(catalogueLimits.options.length))
    .min(1)
    .max(catalogueLimits.options.values),
});

/** The variants tab: the option definitions and every variant, saved together. */
export const variantsSchema = z
  .object({
    productId: uuidField,
    version: versionSchema,
    options: z.array(optionSchema).max(catalogueLimits.options.max),
    variants: z.array(variantSchema).min(1).max(catalogueLimits.variants.max),
  })
  .superRefine((input, ctx) => {
    const names = new Set<string>();
    input.options.forEach((option, i) => {
      const key = option.name.toLowerCase();
      if (names.has(key)) {
        ctx.addIssue({
          code: "custom",
          path: ["options", i, "name"],
          message: commerceMessage.duplicateOptionName,
        });
      }
      names.add(key);
      const values = new Set<string>();
      option.values.forEach((value, j) => {
        if (values.has(value.toLowerCase())) {
          ctx.addIssue({
            code: "custom",
            path: ["options", i, "values", j],
            message: commerceMessage.duplicateOptionValue,
          });
        }
        values.add(value.toLowerCase());
      });
    });
    const seen = new Set<string>();
    input.variants.forEach((variant, i) => {
      const fits =
        variant.optionValues.length === input.options.length &&
        variant.optionValues.every((value, j) => input.options[j]?.values.includes(value));
      if (!fits) {
        ctx.addIssue({
          code: "custom",
          path: ["variants", i, "optionValues"],
          message: commerceMessage.combinationMismatch,
        });
      }
      const key = JSON.stringify(variant.optionValues.map((v) => v.toLowerCase()));
      if (seen.has(key)) {
        ctx.addIssue({
          code: "custom",
          path: ["variants", i, "optionValues"],
          message: commerceMessage.duplicateCombination,
        });
      }
      seen.add(key);
    });
  });
export type VariantsInput = z.input<typeof variantsSchema>;
export type VariantsValues = z.output<typeof variantsSchema>;

// ── Attributes ─────────────────────────────────────────────────────────────────────────

/**
 * One attribute as the form posts it: the value as text (several-of values one per line),
 * checked and converted by type in `attributeValue`.
 */
export const attributeSchema = z
  .object({
    productId: uuidField,
    name: requiredLine(catalogueLimits.attributeName.max),
    type: z.enum(attributeTypes),
    value: paragraph(catalogueLimits.attributeText.max),
    // Shown only for the types that use them: a form posts them only then.
    unit: line(catalogueLimits.unit.max)
      .optional()
      .transform((v) => (v ? v : null)),
    choices: paragraph(catalogueLimits.choices.max * (catalogueLimits.options.length + 1))
      .optional()
      .transform((v) => v ?? ""),
  })
  .transform((input, ctx) => {
    const choices = [
      ...new Set(
        input.choices
          .split("\n")
          .map((c) => c.trim())
          .filter(Boolean),
      ),
    ];
    const value = attributeValue(input.type, input.value, choices);
    if (value === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["value"],
        message:
          input.type === "oneOf" || input.type === "severalOf"
            ? commerceMessage.choiceUnknown
            : "validation:format",
      });
      return z.NEVER;
    }
    const typed = input.type === "oneOf" || input.type === "severalOf";
    return {
      ...input,
      value,
      unit: input.type === "number" ? input.unit : null,
      choices: typed ? choices : null,
    };
  });
export const updateAttributeSchema = z
  .object({ attributeName: requiredLine(catalogueLimits.attributeName.max) })
  .and(attributeSchema);
export const deleteAttributeSchema = z.object({
  productId: uuidField,
  attributeName: requiredLine(catalogueLimits.attributeName.max),
});
export type AttributeInput = z.input<typeof attributeSchema>;

/** The typed value of an attribute's text, or undefined when it does not fit the type. */
export function attributeValue(
  type: (typeof attributeTypes)[number],
  text: string,
  choices: readonly string[],
): string | number | boolean | string[] | undefined {
  const value = text.trim();
  switch (type) {
    case "text":
      return value.length > 0 ? value : undefined;
    case "number": {
      if (!/^-?\d{1,12}(?:\.\d{1,6})?$/.test(value)) return undefined;
      return Number(value);
    }
    case "boolean":
      return value === "true" ? true : value === "false" ? false : undefined;
    case "date": {
      if (!DATE.test(value)) return undefined;
      const date = new Date(`${value}T00:00:00Z`);
      return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value
        ? undefined
        : value;
    }
    case "colour":
      return COLOUR.test(value) ? value.toLowerCase() : undefined;
    case "oneOf":
      return choices.includes(value) ? value : undefined;
    case "severalOf": {
      const picked = [
        ...new Set(
          value
            .split("\n")
            .map((v) => v.trim())
            .filter(Boolean),
        ),
      ];
      return picked.length > 0 && picked.every((v) => choices.includes(v)) ? picked : undefined;
    }
  }
}

// ── External identifications ───────────────────────────────────────────────────────────

export const externalIdSchema = z.object({
  productId: uuidField,
  type: z.enum(externalIdTypes),
  value: requiredLine(70),
});
export const updateExternalIdSchema = externalIdSchema.extend({ externalId: uuidField });
export const deleteExternalIdSchema = z.object({
  productId: uuidField,
  externalId: uuidField,
});
export type ExternalIdInput = z.input<typeof externalIdSchema>;
