import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ScopedMessages } from "@/components/layout/scoped-messages";
import { Icon } from "@/components/ui/icon";
import { pageMetadata } from "@/lib/seo/metadata";
import { ContactForm } from "./contact-form";
import { type LocaleParams, pageLocale } from "@/lib/i18n/page-locale";

/** Prerendered per locale; any other segment is a 404 (app/global-not-found.tsx). */
export const dynamicParams = false;

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations("contact");
  return pageMetadata({
    path: "/contact",
    title: t("metaTitle"),
    description: t("metaDescription"),
  });
}

export default async function ContactPage({ params }: { params: LocaleParams }) {
  await pageLocale(params);
  const t = await getTranslations("contact");
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 md:py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-3 mb-8 text-muted-foreground">{t("intro")}</p>
      <ScopedMessages scope="contact">
        <ContactForm
          successIcon={
            <Icon name="circle-check" aria-hidden className="size-8 text-primary-text" />
          }
        />
      </ScopedMessages>
    </div>
  );
}
