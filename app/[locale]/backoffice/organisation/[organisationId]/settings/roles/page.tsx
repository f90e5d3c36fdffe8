import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { RoleFormDialog } from "@/components/backoffice/admin/role-form-dialog";
import { RolesTables } from "@/components/backoffice/admin/roles-tables";
import { PageHeader } from "@/components/backoffice/page-header";
import { gatePage } from "@/lib/backoffice/doors";
import { listRoles } from "@/lib/organisations/roles";
import { createRoleAction, deleteRoleAction, updateRoleAction } from "./actions";
import { ScreenMessages } from "@/components/backoffice/screen-messages-provider";

type Params = { params: Promise<{ organisationId: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("orgAdmin.roles");
  return { title: t("metaTitle") };
}

/** Built-in and custom roles with their member counts; custom ones editable with role write. */
export default async function RolesPage({ params }: Params) {
  const { access } = await gatePage((await params).organisationId, "settings.role.read");
  const [t, roles] = await Promise.all([getTranslations("orgAdmin.roles"), listRoles(access)]);
  const canWrite = access.can("settings.role.write");
  const id = access.organisation.id;
  return (
    <ScreenMessages scope="roles">
      <PageHeader
        title={t("title")}
        description={t("intro")}
        actions={
          canWrite ? (
            <RoleFormDialog organisationId={id} mode="create" action={createRoleAction} />
          ) : null
        }
      />
      <RolesTables
        organisationId={id}
        roles={roles}
        actions={canWrite ? { update: updateRoleAction, remove: deleteRoleAction } : null}
      />
    </ScreenMessages>
  );
}
