"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { FormAlert } from "@/components/auth/form-alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { fieldControlClass, Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast-store";
import type { InviteInput } from "@/lib/people/people-schema";
import { cn } from "@/lib/utils/cn";
import { type BackofficeAction, useBackofficeForm } from "../use-backoffice-form";

export type InviteFormProps = {
  organisationId: string;
  action: BackofficeAction<{ id: string }>;
  roles: readonly { id: string; label: string }[];
  defaultRoleId: string;
  /** Where to go after sending (the pending invitations). */
  doneHref: string;
};

/** Email and role of a new invitation; the same schema checks it here and in the action. */
export function InviteForm({
  organisationId,
  action,
  roles,
  defaultRoleId,
  doneHref,
}: InviteFormProps) {
  const t = useTranslations("people.create");
  const router = useRouter();
  const onDone = useCallback(
    (_data: { id: string }, form: { getValues: (name: "email") => string }) => {
      toast({ title: t("sent", { email: form.getValues("email").trim() }), variant: "success" });
      router.push(doneHref);
    },
    [router, doneHref, t],
  );
  const { form, onSubmit, errorOf, formError, pending } = useBackofficeForm({
    schema: () => import("@/lib/people/people-schema").then((m) => m.inviteSchema),
    action,
    defaultValues: { email: "", roleId: defaultRoleId } satisfies InviteInput,
    onDone,
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex flex-col gap-5">
      <p className="text-sm text-muted-foreground">{t("required")}</p>
      <FormAlert message={formError} />
      <input type="hidden" name="organisationId" value={organisationId} />
      <FormField label={t("email")} errors={errorOf("email")} required>
        <Input type="email" autoComplete="off" spellCheck={false} {...form.register("email")} />
      </FormField>
      <FormField label={t("role")} hint={t("roleHint")} errors={errorOf("roleId")} required>
        <select className={cn(fieldControlClass, "h-10")} {...form.register("roleId")}>
          {roles.map((role) => (
            <option key={role.id} value={role.id}>
              {role.label}
            </option>
          ))}
        </select>
      </FormField>
      <div>
        <Button type="submit" size="lg" disabled={pending} className="w-full sm:w-auto">
          {pending ? t("submitting") : t("submit")}
        </Button>
      </div>
    </form>
  );
}
