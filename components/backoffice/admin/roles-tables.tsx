import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { buttonVariants } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import type { BackofficeAction } from "@/components/backoffice/use-backoffice-form";
import { organisationPath } from "@/lib/backoffice/navigation";
import type { RoleSummary } from "@/lib/organisations/roles";
import { permissionNames } from "@/lib/permissions/catalogue";
import { DeleteRoleDialog } from "./delete-role-dialog";
import { RoleFormDialog } from "./role-form-dialog";

export type RoleActions = {
  update: BackofficeAction<{ version: number }>;
  remove: BackofficeAction<null>;
};

const cell = "px-3 py-2 align-top";
const headCell = "px-3 py-2 text-left font-medium whitespace-nowrap";

/** The built-in roles (read-only) and the custom ones (editable with settings.role.write). */
export async function RolesTables({
  organisationId,
  roles,
  actions,
}: {
  organisationId: string;
  roles: readonly RoleSummary[];
  /** Present when the caller may manage roles. */
  actions: RoleActions | null;
}) {
  const [t, tb] = await Promise.all([
    getTranslations("orgAdmin.roles"),
    getTranslations("backoffice"),
  ]);
  const total = permissionNames.length;
  const builtin = roles.filter((r) => r.builtinKey !== null);
  const custom = roles.filter((r) => r.builtinKey === null);
  const matrixHref = organisationPath(organisationId, "/settings/permissions");
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="builtin-roles">
        <h2 id="builtin-roles" className="mb-3 text-lg font-semibold">
          {t("builtinHeading")}
        </h2>
        <div className="relative overflow-x-auto rounded-card border border-border">
          <table className="w-full border-collapse text-sm">
            <thead className="bg-surface-2 text-muted-foreground">
              <tr>
                <th scope="col" className={headCell}>
                  {t("name")}
                </th>
                <th scope="col" className={headCell}>
                  {t("description")}
                </th>
                <th scope="col" className={headCell}>
                  {t("permissions")}
                </th>
                <th scope="col" className={`${headCell} text-right`}>
                  {t("members")}
                </th>
              </tr>
            </thead>
            <tbody>
              {builtin.map((role) => (
                <tr key={role.id} className="border-t border-border">
                  <th scope="row" className={`${cell} text-left font-medium whitespace-nowrap`}>
                    {role.builtinKey ? tb(`roleNames.${role.builtinKey}`) : role.name}
                  </th>
                  <td className={`${cell} min-w-60 text-muted-foreground`}>
                    {role.builtinKey
                      ? t(`builtinDescriptions.${role.builtinKey}`)
                      : role.description}
                  </td>
                  <td className={`${cell} whitespace-nowrap`}>
                    {t("holds", { count: role.permissions.length, total })}
                  </td>
                  <td className={`${cell} text-right tabular-nums`}>{role.members}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="custom-roles">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="custom-roles" className="text-lg font-semibold">
            {t("customHeading")}
          </h2>
          <Link href={matrixHref} className={buttonVariants({ variant: "link", size: "sm" })}>
            {t("editPermissions")}
          </Link>
        </div>
        {custom.length === 0 ? (
          <EmptyState title={t("noCustom")} description={t("noCustomBody")} headingLevel="h3" />
        ) : (
          <div className="relative overflow-x-auto rounded-card border border-border">
            <table className="w-full border-collapse text-sm">
              <thead className="bg-surface-2 text-muted-foreground">
                <tr>
                  <th scope="col" className={headCell}>
                    {t("name")}
                  </th>
                  <th scope="col" className={headCell}>
                    {t("description")}
                  </th>
                  <th scope="col" className={headCell}>
                    {t("permissions")}
                  </th>
                  <th scope="col" className={`${headCell} text-right`}>
                    {t("members")}
                  </th>
                  <th scope="col" className={`${headCell} text-right`}>
                    {t("invitations")}
                  </th>
                  {actions ? (
                    <th scope="col" className={`${headCell} text-right`}>
                      {t("actions")}
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {custom.map((role) => (
                  <tr key={role.id} className="border-t border-border">
                    <th scope="row" className={`${cell} text-left font-medium break-words`}>
                      {role.name}
                    </th>
                    <td className={`${cell} min-w-48 text-muted-foreground break-words`}>
                      {role.description}
                    </td>
                    <td className={`${cell} whitespace-nowrap`}>
                      {t("holds", { count: role.permissions.length, total })}
                    </td>
                    <td className={`${cell} text-right tabular-nums`}>{role.members}</td>
                    <td className={`${cell} text-right tabular-nums`}>{role.pendingInvitations}</td>
                    {actions ? (
                      <td className={`${cell} text-right`}>
                        <div className="flex justify-end gap-2">
                          <RoleFormDialog
                            key={role.id}
                            organisationId={organisationId}
                            mode="edit"
                            action={actions.update}
                            role={role}
                          />
                          <DeleteRoleDialog
                            organisationId={organisationId}
                            role={role}
                            action={actions.remove}
                          />
                        </div>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
