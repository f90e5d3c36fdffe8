import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { PermissionMatrix } from "@/components/backoffice/admin/permission-matrix";
import { PageHeader } from "@/components/backoffice/page-header";
import { buttonVariants } from "@/components/ui/button";
import { gatePage } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { listRoles } from "@/lib/organisations/roles";
import { permissionGroups, permissionLabelKey } from "@/lib/permissions/labels";
import { saveRolePermissionsAction } from "./actions";
import { ScreenMessages } from "@/components/backoffice/screen-messages-provider";

type Params = { params: Promise<{ organisationId: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("orgAdmin.matrix");
  return { title: t("metaTitle") };
}

/** Roles × permissions; custom columns editable with settings.role.write. */
export default async function PermissionsPage({ params }: Params) {
  const { access } = await gatePage((await params).organisationId, "settings.role.read");
  const [t, ta, tb, roles] = await Promise.all([
    getTranslations("orgAdmin.matrix"),
    getTranslations("orgAdmin"),
    getTranslations("backoffice"),
    listRoles(access),
  ]);
  const editable = access.can("settings.role.write");
  const id = access.organisation.id;
  const groups = permissionGroups().map((group) => ({
    key: group.module,
    label: ta(`permissionGroups.${group.module}` as "permissionGroups.settings"),
    permissions: group.permissions.map((name) => ({ name, label: ta(permissionLabelKey(name)) })),
  }));
  return (
    <ScreenMessages scope="permissions">
      <PageHeader title={t("title")} description={t("intro")} />
      <div className="mb-4 flex flex-wrap items-center gap-3 text-sm">
        {editable ? null : <p className="text-muted-foreground">{t("readOnly")}</p>}
        {editable && !roles.some((r) => r.builtinKey === null) ? (
          <>
            <p className="text-muted-foreground">{t("noCustom")}</p>
            <Link
              href={organisationPath(id, "/settings/roles")}
              className={buttonVariants({ variant: "link", size: "sm" })}
            >
              {t("createRole")}
            </Link>
          </>
        ) : null}
      </div>
      <PermissionMatrix
        organisationId={id}
        groups={groups}
        roles={roles.map((role) => ({
          id: role.id,
          name: role.builtinKey ? tb(`roleNames.${role.builtinKey}`) : role.name,
          builtin: role.builtinKey !== null,
          version: role.version,
          permissions: role.permissions,
        }))}
        editable={editable}
        action={saveRolePermissionsAction}
      />
    </ScreenMessages>
  );
}
