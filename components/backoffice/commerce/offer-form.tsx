"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { Path, UseFormReturn } from "react-hook-form";
import { FormAlert } from "@/components/auth/form-alert";
import {
  type BackofficeAction,
  useBackofficeForm,
} from "@/components/backoffice/use-backoffice-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect, type SelectOption } from "@/components/ui/native-select";
import { toast } from "@/components/ui/toast-store";
import { offerKinds } from "@/lib/commerce/catalogue-types";
import type { OfferInput, offerLimits } from "@/lib/commerce/offer-schema";
import { OfferConfirmButton } from "./offer-confirm-button";

type Write = { id: string; version: number; listingIds: string[] };
type FormInput = OfferInput & { offerId?: string; version?: number };

/** The offer being edited, as the form shows it (times as local datetime values). */
export interface OfferFormOffer {
  id: string;
  version: number;
  listingId: string;
  title: string;
  kind: OfferInput["kind"];
  value: string;
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  used: number;
  /** Running or scheduled: "End now" is offered. */
  endable: boolean;
}

/**
 * Creates or edits an offer: the product, a name, the deal (a percentage off or a special
 * price), when it starts and ends (the organisation's time zone) and an optional number of
 * units at the offer price. The same schema checks the browser's input and the server's; the
 * server also refuses a special price at or above the product's price.
 */
export function OfferForm({
  organisationId,
  offer,
  products,
  defaults,
  limits,
  action,
  endAction,
  deleteAction,
  readOnly,
  listPath,
}: {
  organisationId: string;
  offer?: OfferFormOffer;
  /** The organisation's products, labelled with their price, from the page. */
  products: readonly SelectOption[];
  /** A new offer's suggested times (now, in a week). */
  defaults: { startsAt: string; endsAt: string };
  limits: typeof offerLimits;
  action: BackofficeAction<Write>;
  endAction?: BackofficeAction<Write>;
  deleteAction?: BackofficeAction<Write>;
  readOnly: boolean;
  listPath: string;
}) {
  const t = useTranslations("offers.form");
  const tk = useTranslations("offers.kinds");
  const te = useTranslations("backoffice.errors");
  const router = useRouter();
  const editing = offer !== undefined;
  const onDone = useCallback(
    (data: Write, form: UseFormReturn<FormInput, unknown, unknown>) => {
      if (editing) {
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
      import("@/lib/commerce/offer-schema").then((m) =>
        editing ? m.updateOfferSchema : m.offerSchema,
      ),
    action,
    defaultValues: {
      offerId: offer?.id,
      version: offer?.version,
      listingId: offer?.listingId ?? "",
      title: offer?.title ?? "",
      kind: offer?.kind ?? "percentage",
      value: offer?.value ?? "",
      startsAt: offer?.startsAt ?? defaults.startsAt,
      endsAt: offer?.endsAt ?? defaults.endsAt,
      usageLimit: offer?.usageLimit ?? "",
    },
    onDone,
  });
  // `backoffice:<code>` messages of the schema read from the back office's error catalogue.
  const messageOf = (field: Path<FormInput>): string | undefined => {
    const message = form.formState.errors[field]?.message;
    if (typeof message === "string" && message.startsWith("backoffice:")) {
      return te(message.slice("backoffice:".length) as "failed");
    }
    return errorOf(field);
  };
  const kind = form.watch("kind");
  const version = () => String(form.getValues("version") ?? offer?.version ?? "");

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex flex-col gap-5">
      <input type="hidden" name="organisationId" value={organisationId} />
      {editing ? (
        <>
          <input type="hidden" {...form.register("offerId")} />
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
        <FormField
          label={t("product")}
          hint={t("productHint")}
          errors={messageOf("listingId")}
          required
        >
          <NativeSelect
            options={[{ value: "", label: t("chooseProduct") }, ...products]}
            {...form.register("listingId")}
          />
        </FormField>
        <FormField label={t("title")} hint={t("titleHint")} errors={messageOf("title")} required>
          <Input maxLength={limits.title.max} autoComplete="off" {...form.register("title")} />
        </FormField>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label={t("kind")} errors={messageOf("kind")} required>
            <NativeSelect
              options={offerKinds.map((k) => ({ value: k, label: tk(k) }))}
              {...form.register("kind")}
            />
          </FormField>
          <FormField
            label={kind === "fixed_price" ? t("price") : t("value")}
            hint={kind === "fixed_price" ? t("priceHint") : t("valueHint")}
            errors={messageOf("value")}
            required
          >
            <Input
              inputMode="decimal"
              autoComplete="off"
              maxLength={12}
              {...form.register("value")}
            />
          </FormField>
          <FormField label={t("startsAt")} errors={messageOf("startsAt")} required>
            <Input type="datetime-local" {...form.register("startsAt")} />
          </FormField>
          <FormField label={t("endsAt")} errors={messageOf("endsAt")} required>
            <Input type="datetime-local" {...form.register("endsAt")} />
          </FormField>
        </div>
        <FormField
          label={t("usageLimit")}
          hint={t("usageLimitHint")}
          errors={messageOf("usageLimit")}
        >
          <Input
            inputMode="numeric"
            autoComplete="off"
            maxLength={7}
            className="sm:w-48"
            {...form.register("usageLimit")}
          />
        </FormField>
        {offer ? (
          <p className="text-sm text-muted-foreground">{t("used", { count: offer.used })}</p>
        ) : null}
      </fieldset>
      {readOnly ? null : (
        <div className="flex max-w-3xl flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button type="submit" size="lg" disabled={pending}>
            {pending ? t("saving") : editing ? t("save") : t("create")}
          </Button>
          {offer && endAction && offer.endable ? (
            <OfferConfirmButton
              label={t("end")}
              icon="x"
              title={t("endTitle")}
              body={t("endBody", { title: offer.title })}
              confirmLabel={t("confirmEnd")}
              fields={() => ({ organisationId, offerId: offer.id, version: version() })}
              action={endAction}
              onDone={(data) => {
                form.setValue("version", data.version);
                toast({ title: t("ended"), variant: "success" });
                router.refresh();
              }}
            />
          ) : null}
          {offer && deleteAction ? (
            <div className="sm:ml-auto">
              <OfferConfirmButton
                label={t("delete")}
                icon="trash-2"
                title={t("deleteTitle")}
                body={t("deleteBody", { title: offer.title })}
                confirmLabel={t("confirmDelete")}
                fields={() => ({ organisationId, offerId: offer.id, version: version() })}
                action={deleteAction}
                onDone={() => {
                  toast({ title: t("deleted"), variant: "success" });
                  router.push(listPath);
                }}
              />
            </div>
          ) : null}
        </div>
      )}
    </form>
  );
}
