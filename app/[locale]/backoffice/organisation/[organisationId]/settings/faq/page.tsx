import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/backoffice/page-header";
import { FaqManager } from "@/components/backoffice/settings/faq-manager";
import { gatePage } from "@/lib/backoffice/doors";
import { faqLimits } from "@/lib/organisations/faq-schema";
import { listFaqs } from "@/lib/organisations/faqs";
import { createFaqAction, deleteFaqAction, moveFaqAction, updateFaqAction } from "./actions";
import { ScreenMessages } from "@/components/backoffice/screen-messages-provider";

type Params = { params: Promise<{ organisationId: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("orgSettings.faq");
  return { title: t("metaTitle") };
}

/** The organisation's FAQ, in order: add, edit, delete, move up / down (settings.faq.write). */
export default async function FaqSettingsPage({ params }: Params) {
  const { access } = await gatePage((await params).organisationId, "settings.organisation.read");
  const [t, faqs] = await Promise.all([
    getTranslations("orgSettings.faq"),
    listFaqs(access.claims, access.organisation.id),
  ]);
  return (
    <ScreenMessages scope="faq">
      <PageHeader
        title={t("title")}
        description={`${t("intro")} ${t("count", { count: faqs.length, max: faqLimits.count })}`}
      />
      <FaqManager
        organisationId={access.organisation.id}
        faqs={faqs}
        canWrite={access.can("settings.faq.write")}
        limits={faqLimits}
        actions={{
          create: createFaqAction,
          update: updateFaqAction,
          remove: deleteFaqAction,
          move: moveFaqAction,
        }}
      />
    </ScreenMessages>
  );
}
