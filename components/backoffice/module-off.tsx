import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { buttonVariants } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { organisationPath } from "@/lib/backoffice/navigation";
import { PageHeader } from "./page-header";
import type { ModuleName } from "@/lib/modules/catalogue";

/**
 * What a module's screen shows while the module is off, to those allowed to switch it on
 * (everyone else gets 404 from gatePage).
 */
export async function ModuleOff({
  organisationId,
  module,
}: {
  organisationId: string;
  module: ModuleName;
}) {
  const t = await getTranslations("backoffice");
  const name = t(`moduleNames.${module}`);
  return (
    <>
      <PageHeader title={name} />
      <EmptyState
        title={t("moduleOff.title", { module: name })}
        description={t("moduleOff.body", { module: name })}
        headingLevel="h2"
      >
        <Link
          href={organisationPath(organisationId, `/settings/module/${module}`)}
          className={buttonVariants({ variant: "primary" })}
        >
          {t("moduleOff.action", { module: name })}
        </Link>
      </EmptyState>
    </>
  );
}
