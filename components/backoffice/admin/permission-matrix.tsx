"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useId, useState } from "react";
import { FormAlert } from "@/components/auth/form-alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast-store";
import type { Permission } from "@/lib/permissions/catalogue";
import { type BackofficeAction, useBackofficeForm } from "../use-backoffice-form";
import { Icon } from "@/components/ui/icon";

export type MatrixGroup = {
  key: string;
  label: string;
  permissions: { name: Permission; label: string }[];
};

export type MatrixRole = {
  id: string;
  name: string;
  builtin: boolean;
  version: number;
  permissions: Permission[];
};

type Saved = { version: number; permissions: Permission[] };

/**
 * One custom role's save form. Its checkboxes live in the table's cells and belong to this
 * form through their `form` attribute, so the posted FormData holds the ticked set.
 */
function RoleSaveForm({
  formId,
  organisationId,
  role,
  dirty,
  action,
}: {
  formId: string;
  organisationId: string;
  role: MatrixRole;
  dirty: boolean;
  action: BackofficeAction<Saved>;
}) {
  const t = useTranslations("orgAdmin.matrix");
  const done = useCallback(
    () => toast({ title: t("saved", { role: role.name }), variant: "success" }),
    [role.name, t],
  );
  const { form, onSubmit, formError, pending } = useBackofficeForm({
    schema: () => import("@/lib/organisations/role-schema").then((m) => m.rolePermissionsSchema),
    action,
    defaultValues: { roleId: role.id, version: role.version, permissions: [] },
    onDone: done,
  });
  // The form stays mounted across saves (so its answer is shown); the version it posts
  // follows the server's.
  useEffect(() => {
    form.setValue("version", role.version);
  }, [form, role.version]);
  return (
    <form
      id={formId}
      onSubmit={onSubmit}
      noValidate
      aria-busy={pending}
      className="flex flex-col gap-2"
    >
      <input type="hidden" name="organisationId" value={organisationId} />
      <input type="hidden" {...form.register("roleId")} />
      <input type="hidden" {...form.register("version")} />
      <FormAlert message={formError} />
      <Button type="submit" size="sm" disabled={pending} variant={dirty ? "primary" : "outline"}>
        {pending ? t("saving") : t("save", { role: role.name })}
      </Button>
      {dirty ? <span className="text-xs text-muted-foreground">{t("unsaved")}</span> : null}
    </form>
  );
}

/**
 * Roles × permissions grouped by module. Built-in columns show what the catalogue gives them;
 * custom columns are checkboxes, saved one role at a time. Scrolls sideways on small screens
 * with the permission names kept in view.
 */
export function PermissionMatrix({
  organisationId,
  groups,
  roles,
  editable,
  action,
}: {
  organisationId: string;
  groups: readonly MatrixGroup[];
  roles: readonly MatrixRole[];
  editable: boolean;
  action: BackofficeAction<Saved>;
}) {
  const t = useTranslations("orgAdmin.matrix");
  const baseId = useId();
  const [ticked, setTicked] = useState<Record<string, ReadonlySet<Permission>>>(() =>
    Object.fromEntries(roles.filter((r) => !r.builtin).map((r) => [r.id, new Set(r.permissions)])),
  );
  // A role whose saved version changed (saved here or elsewhere) starts again from the server.
  const [seen, setSeen] = useState(() => roles.map((r) => `${r.id}:${r.version}`).join());
  const current = roles.map((r) => `${r.id}:${r.version}`).join();
  if (seen !== current) {
    setSeen(current);
    setTicked(
      Object.fromEntries(
        roles.filter((r) => !r.builtin).map((r) => [r.id, new Set(r.permissions)]),
      ),
    );
  }

  const toggle = (roleId: string, permission: Permission, on: boolean) =>
    setTicked((previous) => {
      const next = new Set(previous[roleId]);
      if (on) next.add(permission);
      else next.delete(permission);
      return { ...previous, [roleId]: next };
    });
  const isDirty = (role: MatrixRole) => {
    const set = ticked[role.id];
    if (!set) return false;
    return set.size !== role.permissions.length || role.permissions.some((p) => !set.has(p));
  };
  const formId = (roleId: string) => `${baseId}-role-${roleId}`;
  const columns = roles.length + 1;

  return (
    <div
      className="relative overflow-x-auto rounded-card border border-border"
      role="region"
      aria-label={t("caption")}
      tabIndex={0}
    >
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{t("caption")}</caption>
        <thead className="bg-surface-2 text-muted-foreground">
          <tr>
            <th
              scope="col"
              className="sticky left-0 z-10 min-w-52 bg-surface-2 px-3 py-2 text-left font-medium"
            >
              {t("permission")}
            </th>
            {roles.map((role) => (
              <th
                key={role.id}
                scope="col"
                className="min-w-28 px-3 py-2 text-center align-bottom font-medium"
              >
                <span className="block break-words text-foreground">{role.name}</span>
                <Badge variant={role.builtin ? "neutral" : "outline"} className="mt-1 font-normal">
                  {role.builtin ? t("builtin") : t("custom")}
                </Badge>
              </th>
            ))}
          </tr>
        </thead>
        {groups.map((group) => (
          <tbody key={group.key}>
            <tr className="border-t border-border bg-surface">
              <th
                scope="rowgroup"
                colSpan={columns}
                className="sticky left-0 px-3 pt-4 pb-1 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase"
              >
                {group.label}
              </th>
            </tr>
            {group.permissions.map((permission) => (
              <tr key={permission.name} className="border-t border-border">
                <th
                  scope="row"
                  className="sticky left-0 z-10 bg-background px-3 py-2 text-left font-normal"
                >
                  <span className="block">{permission.label}</span>
                  <code className="text-xs text-muted-foreground">{permission.name}</code>
                </th>
                {roles.map((role) => {
                  const label = t("checkbox", { role: role.name, permission: permission.label });
                  if (role.builtin || !editable) {
                    const granted = role.builtin
                      ? role.permissions.includes(permission.name)
                      : (ticked[role.id]?.has(permission.name) ?? false);
                    return (
                      <td key={role.id} className="px-3 py-2 text-center">
                        {granted ? (
                          <Icon
                            name="check"
                            aria-hidden
                            className="mx-auto size-4 text-primary-text"
                          />
                        ) : (
                          <Icon
                            name="minus"
                            aria-hidden
                            className="mx-auto size-4 text-muted-foreground"
                          />
                        )}
                        <span className="sr-only">
                          {label} · {granted ? t("granted") : t("notGranted")}
                        </span>
                      </td>
                    );
                  }
                  const inputId = `${formId(role.id)}-${permission.name}`;
                  return (
                    <td key={role.id} className="px-3 py-2 text-center">
                      <input
                        id={inputId}
                        type="checkbox"
                        form={formId(role.id)}
                        name="permissions"
                        value={permission.name}
                        checked={ticked[role.id]?.has(permission.name) ?? false}
                        onChange={(event) => toggle(role.id, permission.name, event.target.checked)}
                        className="size-5 cursor-pointer accent-primary"
                      />
                      <label htmlFor={inputId} className="sr-only">
                        {label}
                      </label>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        ))}
        {editable && roles.some((r) => !r.builtin) ? (
          <tfoot>
            <tr className="border-t border-border bg-surface-2">
              <td className="sticky left-0 z-10 bg-surface-2 px-3 py-2" />
              {roles.map((role) => (
                <td key={role.id} className="px-3 py-2 text-center align-top">
                  {role.builtin ? null : (
                    <RoleSaveForm
                      key={role.id}
                      formId={formId(role.id)}
                      organisationId={organisationId}
                      role={role}
                      dirty={isDirty(role)}
                      action={action}
                    />
                  )}
                </td>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
