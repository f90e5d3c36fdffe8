"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { FormAlert } from "@/components/auth/form-alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { fieldControlClass } from "@/components/ui/input";
import { toast } from "@/components/ui/toast-store";
import type { ChangeRoleInput } from "@/lib/people/people-schema";
import { cn } from "@/lib/utils/cn";
import { type BackofficeAction, useBackofficeForm } from "../use-backoffice-form";

/** The member's role: built-in and custom roles of this organisation; posts the version read. */
export function EmploymentRoleForm({
  organisationId,
  employmentId,
  version,
  roleId,
  roles,
  action,
}: {
  organisationId: string;
  employmentId: string;
  version: number;
  roleId: string;
  roles: readonly { id: string; label: string }[];
  action: BackofficeAction<{ id: string; version: number }>;
}) {
  const t = useTranslations("people.detail");
  const router = useRouter();
  const onDone = useCallback(
    (_data: unknown, form: { getValues: (name: "roleId") => string }) => {
      const chosen = roles.find((r) => r.id === form.getValues("roleId"));
      toast({ title: t("roleChanged", { role: chosen?.label ?? "" }), variant: "success" });
      router.refresh();
    },
    [roles, router, t],
  );
  const { form, onSubmit, errorOf, formError, pending } = useBackofficeForm({
    schema: () => import("@/lib/people/people-schema").then((m) => m.changeRoleSchema),
    action,
    defaultValues: { employmentId, version, roleId } satisfies ChangeRoleInput,
    onDone,
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex flex-col gap-4">
      <FormAlert message={formError} />
      <input type="hidden" name="organisationId" value={organisationId} />
      <input type="hidden" {...form.register("employmentId")} />
      <input type="hidden" name="version" value={version} />
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
        <Button type="submit" disabled={pending} className="w-full sm:w-auto">
          {pending ? t("changingRole") : t("changeRole")}
        </Button>
      </div>
    </form>
  );
}
