import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ServerIcon } from "@/components/ui/server-icon";
import { pageMetadata } from "@/lib/seo/metadata";
import { ContactForm } from "./contact-form";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("contact");
  return pageMetadata({
    path: "/contact",
    title: t("metaTitle"),
    description: t("metaDescription"),
  });
}

export default async function ContactPage() {
  const t = await getTranslations("contact");
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 md:py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-3 mb-8 text-muted-foreground">{t("intro")}</p>
      <ContactForm
        successIcon={
          <ServerIcon name="circle-check" aria-hidden className="size-8 text-primary-text" />
        }
      />
    </div>
  );
}
