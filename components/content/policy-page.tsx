import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ContentPage } from "@/components/content/content-page";
import { pageMetadata } from "@/lib/seo/metadata";

/** The policy pages (terms, privacy): sections from the catalogue and a contact line. */
type PolicyNamespace = "terms" | "privacy";

export async function policyMetadata(namespace: PolicyNamespace): Promise<Metadata> {
  const t = await getTranslations(namespace);
  return pageMetadata({
    path: `/${namespace}`,
    title: t("metaTitle"),
    description: t("metaDescription"),
  });
}

export async function PolicyPage({
  namespace,
  sections: ids,
}: {
  namespace: PolicyNamespace;
  sections: readonly string[];
}) {
  // Both namespaces share one shape; the keys are checked by the catalogue test.
  const t = (await getTranslations(namespace)) as unknown as (key: string) => string;
  const sections = ids.map((id) => ({
    id,
    title: t(`sections.${id}.title`),
    body: t(`sections.${id}.body`),
  }));
  return (
    <ContentPage title={t("title")} intro={t("intro")} tocTitle={t("tocTitle")} sections={sections}>
      <p className="text-muted-foreground">
        {t("contact")}{" "}
        <Link href="/contact" className="text-primary-text underline underline-offset-4">
          {t("contactLink")}
        </Link>
      </p>
    </ContentPage>
  );
}
