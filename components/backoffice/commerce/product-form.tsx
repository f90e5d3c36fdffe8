"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { UseFormReturn } from "react-hook-form";
import { FormAlert } from "@/components/auth/form-alert";
import {
  settleListingVersion,
  useFollowListingVersion,
} from "@/components/backoffice/listing-version";
import {
  type BackofficeAction,
  useBackofficeForm,
} from "@/components/backoffice/use-backoffice-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast-store";
import type { ProductInput } from "@/lib/commerce/product-schema";
import type { catalogueLimits } from "@/lib/commerce/product-schema";

export interface ProductFormValues {
  id?: string;
  version?: number;
  title: string;
  slug: string;
  summary: string;
  description: string;
  category: string;
  brandId: string | null;
  taxClass: string;
  tags: string[];
}

type Option = { value: string; label: string };
type Write = { id: string; version: number; tags: string[] };
type FormInput = Omit<ProductInput, "price"> & {
  price?: string;
  productId?: string;
  version?: unknown;
};

/**
 * A product's listing fields (title, address, texts, category, brand, tax class, tags);
 * creating one also asks for its first price. An edit names the version it read.
 */
export function ProductForm({
  organisationId,
  product,
  action,
  readOnly,
  limits,
  categories,
  brands,
  taxClasses,
  currency,
  productPath,
}: {
  organisationId: string;
  product: ProductFormValues;
  action: BackofficeAction<Write>;
  readOnly: boolean;
  /** catalogueLimits, from the page: the schema module (zod) loads on first submit only. */
  limits: typeof catalogueLimits;
  categories: readonly Option[];
  brands: readonly Option[];
  taxClasses: readonly Option[];
  currency: string;
  /** The product pages' base path; a new product's page is `${productPath}/${id}`. */
  productPath: string;
}) {
  const t = useTranslations("commerce.productForm");
  const router = useRouter();
  const editing = product.id !== undefined;
  const onDone = useCallback(
    (data: Write, form: UseFormReturn<FormInput, unknown, unknown>) => {
      if (editing) {
        settleListingVersion(form, data.id, data.version);
        toast({ title: t("saved"), variant: "success" });
        router.refresh();
      } else {
        toast({ title: t("created"), variant: "success" });
        router.push(`${productPath}/${data.id}`);
      }
    },
    [editing, productPath, router, t],
  );
  const { form, onSubmit, errorOf, formError, pending } = useBackofficeForm<
    FormInput,
    unknown,
    Write
  >({
    schema: () =>
      import("@/lib/commerce/product-schema").then((m) =>
        editing ? m.updateProductSchema : m.createProductSchema,
      ),
    action,
    defaultValues: {
      productId: product.id,
      version: product.version,
      title: product.title,
      slug: product.slug,
      summary: product.summary,
      description: product.description,
      category: product.category as FormInput["category"],
      brandId: product.brandId ?? "",
      taxClass: product.taxClass as FormInput["taxClass"],
      tags: product.tags.join(", "),
      price: "",
    },
    onDone,
  });
  // The location section below saves the same listing (components/backoffice/listing-version.ts).
  useFollowListingVersion(product.id, form);

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex flex-col gap-5">
      <input type="hidden" name="organisationId" value={organisationId} />
      {editing ? (
        <>
          <input type="hidden" {...form.register("productId")} />
          <input type="hidden" {...form.register("version")} />
        </>
      ) : null}
      {readOnly ? null : <p className="text-sm text-muted-foreground">{t("required")}</p>}
      <FormAlert message={formError} />
      <fieldset disabled={readOnly} className="flex min-w-0 flex-col gap-5">
        <FormField label={t("title")} errors={errorOf("title")} required>
          <Input maxLength={limits.title.max} {...form.register("title")} />
        </FormField>
        <div className="grid gap-4 md:grid-cols-2">
          <FormField label={t("slug")} hint={t("slugHint")} errors={errorOf("slug")}>
            <Input maxLength={limits.slug.max} spellCheck={false} {...form.register("slug")} />
          </FormField>
          {editing ? null : (
            <FormField
              label={t("price", { currency })}
              hint={t("priceHint")}
              errors={errorOf("price")}
              required
            >
              <Input inputMode="decimal" autoComplete="off" {...form.register("price")} />
            </FormField>
          )}
        </div>
        <FormField
          label={t("summary")}
          hint={t("summaryHint", { max: limits.summary.max })}
          errors={errorOf("summary")}
        >
          <Textarea rows={2} maxLength={limits.summary.max} {...form.register("summary")} />
        </FormField>
        <FormField
          label={t("description")}
          hint={t("descriptionHint")}
          errors={errorOf("description")}
        >
          <Textarea rows={8} maxLength={limits.description.max} {...form.register("description")} />
        </FormField>
        <div className="grid gap-4 md:grid-cols-3">
          <FormField label={t("category")} errors={errorOf("category")} required>
            <NativeSelect options={categories} {...form.register("category")} />
          </FormField>
          <FormField label={t("brand")} errors={errorOf("brandId")}>
            <NativeSelect
              options={[{ value: "", label: t("noBrand") }, ...brands]}
              {...form.register("brandId")}
            />
          </FormField>
          <FormField label={t("taxClass")} errors={errorOf("taxClass")} required>
            <NativeSelect options={taxClasses} {...form.register("taxClass")} />
          </FormField>
        </div>
        <FormField label={t("tags")} hint={t("tagsHint")} errors={errorOf("tags")}>
          <Input {...form.register("tags")} />
        </FormField>
      </fieldset>
      {readOnly ? null : (
        <div>
          <Button type="submit" size="lg" disabled={pending} className="w-full sm:w-auto">
            {pending ? t("saving") : editing ? t("save") : t("create")}
          </Button>
        </div>
      )}
    </form>
  );
}
