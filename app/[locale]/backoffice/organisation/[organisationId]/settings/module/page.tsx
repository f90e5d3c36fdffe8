import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ModulesTable } from "@/components/backoffice/admin/modules-table";
import { PageHeader } from "@/components/backoffice/page-header";
import { gatePage } from "@/lib/backoffice/doors";
import { listOrganisationModules } from "@/lib/modules/organisation-modules";

type Params = { params: Promise<{ organisationId: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("orgAdmin.modules");
  return { title: t("metaTitle") };
}

/** Every module of the catalogue with its state (off, or on at a tier). */
export default async function ModulesPage({ params }: Params) {
  const { access } = await gatePage((await params).organisationId, "settings.module.read");
  const [t, modules] = await Promise.all([
    getTranslations("orgAdmin.modules"),
    listOrganisationModules(access),
  ]);
  return (
    <>
      <PageHeader title={t("title")} description={t("intro")} />
      <ModulesTable organisationId={access.organisation.id} modules={modules} />
    </>
  );
}
