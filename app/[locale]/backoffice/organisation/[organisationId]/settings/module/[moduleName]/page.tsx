import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { BillingNotice } from "@/components/billing/billing-notice";
import { ModuleDetailsView } from "@/components/backoffice/admin/module-details";
import { PageHeader } from "@/components/backoffice/page-header";
import { buttonVariants } from "@/components/ui/button";
import { gatePage } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { publicPlatformCurrency } from "@/lib/billing/purchase";
import { isModuleName } from "@/lib/modules/catalogue";
import { getModuleDetails } from "@/lib/modules/organisation-modules";
import { disableModuleAction, enableModuleAction } from "../actions";
import { ScreenMessages } from "@/components/backoffice/screen-messages-provider";

type Params = {
  params: Promise<{ organisationId: string; moduleName: string }>;
  searchParams?: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { moduleName } = await params;
  if (!isModuleName(moduleName)) return {};
  const t = await getTranslations("backoffice");
  return { title: t(`moduleNames.${moduleName}`) };
}

/** One module: what it does, its tiers and limits, usage, and the switch. */
export default async function ModulePage({ params, searchParams }: Params) {
  const { organisationId, moduleName } = await params;
  const { access } = await gatePage(organisationId, "settings.module.read");
  if (!isModuleName(moduleName)) notFound();
  const [t, tb, ta, locale, details, currency, query] = await Promise.all([
    getTranslations("orgAdmin.module"),
    getTranslations("backoffice"),
    getTranslations("orgAdmin.modules"),
    getLocale(),
    getModuleDetails(access, moduleName),
    publicPlatformCurrency(),
    searchParams ?? Promise.resolve({} as Record<string, undefined>),
  ]);
  const id = access.organisation.id;
  return (
    <ScreenMessages scope="module">
      <PageHeader
        title={tb(`moduleNames.${moduleName}`)}
        description={ta(`descriptions.${moduleName}`)}
        actions={
          <Link
            href={organisationPath(id, "/settings/module")}
            className={buttonVariants({ variant: "ghost", size: "sm" })}
          >
            {t("back")}
          </Link>
        }
      />
      <BillingNotice done={query.done} error={undefined} />
      <ModuleDetailsView
        organisationId={id}
        details={details}
        locale={locale}
        timeZone={access.organisation.timeZone}
        actions={
          access.can("settings.module.write")
            ? { enable: enableModuleAction, disable: disableModuleAction }
            : null
        }
        billing={{ currency, canBuy: access.can("billing.account.write") }}
      />
    </ScreenMessages>
  );
}
