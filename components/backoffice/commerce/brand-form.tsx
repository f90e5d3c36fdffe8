"use client";

import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { FormAlert } from "@/components/auth/form-alert";
import { useSettingsCommand } from "@/components/backoffice/settings/use-settings-command";
import {
  type BackofficeAction,
  useBackofficeForm,
} from "@/components/backoffice/use-backoffice-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Icon } from "@/components/ui/icon";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast-store";
import type { BrandInput, catalogueLimits } from "@/lib/commerce/product-schema";

/** The confirmation loads with the first click on "Delete brand", not with the page. */
const ConfirmDialog = dynamic(
  () => import("@/components/backoffice/settings/confirm-dialog").then((m) => m.ConfirmDialog),
  { ssr: false },
);

export interface BrandFormBrand {
  id: string;
  name: string;
  description: string;
  website: string | null;
  version: number;
  /** How many of the organisation's products name this brand (they lose it on delete). */
  products: number;
}

type Write = { id: string; version: number };
type FormInput = BrandInput & { brandId?: string; version?: number };

function DeleteBrand({
  organisationId,
  brand,
  version,
  action,
  listPath,
}: {
  organisationId: string;
  brand: BrandFormBrand;
  version: () => string;
  action: BackofficeAction<{ id: string }>;
  listPath: string;
}) {
  const t = useTranslations("brands.form");
  const tu = useTranslations("ui");
  const router = useRouter();
  const remover = useSettingsCommand(action);
  const [confirming, setConfirming] = useState(false);
  const [mounted, setMounted] = useState(false);
  // The dialog has no trigger of its own: closing it gives the focus back to this button.
  const trigger = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !confirming) trigger.current?.focus();
    wasOpen.current = confirming;
  }, [confirming]);
  return (
    <>
      <Button
        ref={trigger}
        variant="outline"
        size="lg"
        className="sm:ml-auto"
        aria-haspopup="dialog"
        onClick={() => {
          setMounted(true);
          setConfirming(true);
        }}
      >
        <Icon name="trash-2" aria-hidden />
        {t("delete")}
      </Button>
      {mounted ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={(open) => {
            setConfirming(open);
            if (!open) remover.clearError();
          }}
          title={t("deleteTitle")}
          body={t("deleteBody", { name: brand.name, count: brand.products })}
          confirmLabel={t("confirmDelete")}
          cancelLabel={t("cancel")}
          closeLabel={tu("close")}
          pending={remover.pending}
          error={remover.error}
          onConfirm={() =>
            remover.run({ organisationId, brandId: brand.id, version: version() }, () => {
              setConfirming(false);
              toast({ title: t("deleted", { name: brand.name }), variant: "success" });
              router.push(listPath);
            })
          }
        />
      ) : null}
    </>
  );
}

/**
 * Creates or edits a brand: name, description and website; the same schema checks the
 * browser's input and the server's. An edit names the version it read; a reader without
 * commerce.brand.write sees the fields disabled and no buttons.
 */
export function BrandForm({
  organisationId,
  brand,
  limits,
  action,
  deleteAction,
  readOnly,
  listPath,
}: {
  organisationId: string;
  /** The brand being edited; none on the create page. */
  brand?: BrandFormBrand;
  /** catalogueLimits, from the page: the schema module (zod) loads on first submit only. */
  limits: Pick<typeof catalogueLimits, "brandName" | "brandDescription" | "url">;
  action: BackofficeAction<Write>;
  deleteAction?: BackofficeAction<{ id: string }>;
  readOnly: boolean;
  /** The brands list; a brand's page is `${listPath}/${id}`. */
  listPath: string;
}) {
  const t = useTranslations("brands.form");
  const router = useRouter();
  const editing = brand !== undefined;
  const onDone = useCallback(
    (data: Write, form: UseFormReturn<FormInput, unknown, unknown>) => {
      if (editing) {
        // Not remounted by a key: the answer and the refreshed page arrive together, and a
        // remount would drop this answer (and its toast). The saved values become the form's.
        form.reset({ ...form.getValues(), version: data.version });
        toast({ title: t("saved"), variant: "success" });
        router.refresh();
      } else {
        toast({ title: t("created"), variant: "success" });
        router.push(`${listPath}/${data.id}`);
      }
    },
    [editing, listPath, router, t],
  );
  const { form, onSubmit, errorOf, formError, pending } = useBackofficeForm<
    FormInput,
    unknown,
    Write
  >({
    schema: () =>
      import("@/lib/commerce/product-schema").then((m) =>
        editing ? m.updateBrandSchema : m.brandSchema,
      ),
    action,
    defaultValues: {
      brandId: brand?.id,
      version: brand?.version,
      name: brand?.name ?? "",
      description: brand?.description ?? "",
      website: brand?.website ?? "",
    },
    onDone,
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex flex-col gap-5">
      <input type="hidden" name="organisationId" value={organisationId} />
      {editing ? (
        <>
          <input type="hidden" {...form.register("brandId")} />
          <input type="hidden" {...form.register("version")} />
        </>
      ) : null}
      <p className="text-sm text-muted-foreground">{readOnly ? t("readOnly") : t("required")}</p>
      <FormAlert message={formError} />
      <fieldset
        disabled={readOnly}
        className="flex max-w-3xl min-w-0 flex-col gap-5 rounded-card border border-border bg-surface p-4 sm:p-5"
      >
        <legend className="sr-only">{t("legend")}</legend>
        <FormField label={t("name")} hint={t("nameHint")} errors={errorOf("name")} required>
          <Input maxLength={limits.brandName.max} autoComplete="off" {...form.register("name")} />
        </FormField>
        <FormField
          label={t("description")}
          hint={t("descriptionHint", { max: limits.brandDescription.max })}
          errors={errorOf("description")}
        >
          <Textarea
            rows={5}
            maxLength={limits.brandDescription.max}
            {...form.register("description")}
          />
        </FormField>
        <FormField label={t("website")} hint={t("websiteHint")} errors={errorOf("website")}>
          <Input
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            maxLength={limits.url.max}
            {...form.register("website")}
          />
        </FormField>
      </fieldset>
      {readOnly ? null : (
        <div className="flex max-w-3xl flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button type="submit" size="lg" disabled={pending}>
            {pending ? t("saving") : editing ? t("save") : t("create")}
          </Button>
          {brand && deleteAction ? (
            <DeleteBrand
              organisationId={organisationId}
              brand={brand}
              version={() => String(form.getValues("version") ?? brand.version)}
              action={deleteAction}
              listPath={listPath}
            />
          ) : null}
        </div>
      )}
    </form>
  );
}
