"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { FormAlert } from "@/components/auth/form-alert";
import {
  type BackofficeAction,
  useBackofficeForm,
} from "@/components/backoffice/use-backoffice-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast-store";
import type {
  AddContactEmailInput,
  contactEmailLimits,
} from "@/lib/organisations/contact-email-schema";
import { ConfirmDialog } from "./confirm-dialog";
import { useSettingsCommand } from "./use-settings-command";
import { Icon } from "@/components/ui/icon";

export interface ContactEmailItem {
  id: string;
  email: string;
  label: string;
  isPrimary: boolean;
  status: "verified" | "pending" | "expired";
}

type Actions = {
  add: BackofficeAction<{ id: string }>;
  resend: BackofficeAction<{ id: string; sent: boolean }>;
  remove: BackofficeAction<{ id: string }>;
  makePrimary: BackofficeAction<{ id: string }>;
};

function AddContactEmailForm({
  organisationId,
  action,
  limits,
}: {
  organisationId: string;
  action: Actions["add"];
  limits: typeof contactEmailLimits;
}) {
  const t = useTranslations("orgSettings.contact");
  const router = useRouter();
  const onDone = useCallback(
    (_data: { id: string }, form: UseFormReturn<AddContactEmailInput, unknown, unknown>) => {
      toast({ title: t("sent", { email: form.getValues("email") }), variant: "success" });
      form.reset({ email: "", label: "" });
      router.refresh();
    },
    [router, t],
  );
  const { form, onSubmit, errorOf, formError, pending } = useBackofficeForm({
    schema: () =>
      import("@/lib/organisations/contact-email-schema").then((m) => m.addContactEmailSchema),
    action,
    defaultValues: { email: "", label: "" },
    onDone,
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-busy={pending}
      aria-labelledby="contact-add-title"
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4 sm:p-5"
    >
      <h2 id="contact-add-title" className="text-lg font-semibold">
        {t("add")}
      </h2>
      <input type="hidden" name="organisationId" value={organisationId} />
      <FormAlert message={formError} />
      <div className="grid gap-4 md:grid-cols-2">
        <FormField label={t("email")} errors={errorOf("email")} required>
          <Input
            type="email"
            autoComplete="email"
            maxLength={limits.email}
            {...form.register("email")}
          />
        </FormField>
        <FormField label={t("label")} hint={t("labelHint")} errors={errorOf("label")}>
          <Input maxLength={limits.label} {...form.register("label")} />
        </FormField>
      </div>
      <div>
        <Button type="submit" disabled={pending}>
          <Icon name="mail-plus" aria-hidden />
          {pending ? t("submitting") : t("submit")}
        </Button>
      </div>
    </form>
  );
}

/** The contact addresses with their state; a pending address is never used until verified. */
export function ContactEmails({
  organisationId,
  canWrite,
  limits,
  emails,
  actions,
}: {
  organisationId: string;
  canWrite: boolean;
  /** contactEmailLimits, from the page: the schema module (zod) loads on first submit only. */
  limits: typeof contactEmailLimits;
  emails: readonly ContactEmailItem[];
  actions: Actions;
}) {
  const t = useTranslations("orgSettings.contact");
  const tu = useTranslations("ui");
  const router = useRouter();
  const resend = useSettingsCommand(actions.resend);
  const makePrimary = useSettingsCommand(actions.makePrimary);
  const remove = useSettingsCommand(actions.remove);
  const [removing, setRemoving] = useState<ContactEmailItem | null>(null);
  const rowError = resend.error ?? makePrimary.error;

  return (
    <div className="flex flex-col gap-6">
      {canWrite && emails.length < limits.count ? (
        <AddContactEmailForm organisationId={organisationId} action={actions.add} limits={limits} />
      ) : null}
      <FormAlert message={rowError} />
      {emails.length === 0 ? (
        <EmptyState title={t("emptyTitle")} description={t("emptyBody")} />
      ) : (
        <div className="overflow-x-auto rounded-card border border-border">
          <table className="w-full border-collapse text-sm">
            <caption className="p-3 text-left font-semibold">{t("listLabel")}</caption>
            <thead className="bg-surface-2 text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 text-left font-medium">
                  {t("columnEmail")}
                </th>
                <th scope="col" className="px-3 py-2 text-left font-medium">
                  {t("columnStatus")}
                </th>
                {canWrite ? (
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    {t("columnActions")}
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {emails.map((item) => (
                <tr key={item.id} className="border-t border-border">
                  <td className="px-3 py-2 align-middle">
                    <span className="block font-medium break-all">{item.email}</span>
                    {item.label ? (
                      <span className="block text-xs text-muted-foreground">{item.label}</span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2 align-middle">
                    <span className="flex flex-wrap gap-1">
                      {item.isPrimary ? <Badge variant="primary">{t("primary")}</Badge> : null}
                      <Badge variant={item.status === "verified" ? "secondary" : "outline"}>
                        {t(item.status)}
                      </Badge>
                    </span>
                  </td>
                  {canWrite ? (
                    <td className="px-3 py-2 text-right align-middle">
                      <span className="inline-flex flex-wrap justify-end gap-1">
                        {item.status !== "verified" ? (
                          <Button
                            variant="ghost"
                            size="sm"
                            disabled={resend.pending}
                            aria-label={t("resend", { email: item.email })}
                            onClick={() =>
                              resend.run({ organisationId, contactEmailId: item.id }, () => {
                                toast({
                                  title: t("resent", { email: item.email }),
                                  variant: "success",
                                });
                                router.refresh();
                              })
                            }
                          >
                            <Icon name="refresh-cw" aria-hidden />
                            <span aria-hidden>{t("resendShort")}</span>
                          </Button>
                        ) : null}
                        {item.status === "verified" && !item.isPrimary ? (
                          <Button
                            variant="ghost"
                            size="sm"
                            disabled={makePrimary.pending}
                            aria-label={t("makePrimary", { email: item.email })}
                            onClick={() =>
                              makePrimary.run({ organisationId, contactEmailId: item.id }, () => {
                                toast({
                                  title: t("primaryChanged", { email: item.email }),
                                  variant: "success",
                                });
                                router.refresh();
                              })
                            }
                          >
                            <Icon name="star" aria-hidden />
                            <span aria-hidden>{t("makePrimaryShort")}</span>
                          </Button>
                        ) : null}
                        {!item.isPrimary ? (
                          <Button
                            variant="ghost"
                            size="sm"
                            aria-label={t("remove", { email: item.email })}
                            onClick={() => {
                              remove.clearError();
                              setRemoving(item);
                            }}
                          >
                            <Icon name="trash-2" aria-hidden />
                            <span aria-hidden>{t("removeShort")}</span>
                          </Button>
                        ) : null}
                      </span>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? null : setRemoving(null))}
        title={t("removeTitle")}
        body={t("removeBody", { email: removing?.email ?? "" })}
        confirmLabel={t("confirmRemove")}
        cancelLabel={t("cancel")}
        closeLabel={tu("close")}
        pending={remove.pending}
        error={remove.error}
        onConfirm={() =>
          removing &&
          remove.run({ organisationId, contactEmailId: removing.id }, () => {
            toast({ title: t("removed", { email: removing.email }), variant: "success" });
            setRemoving(null);
            router.refresh();
          })
        }
      />
    </div>
  );
}
