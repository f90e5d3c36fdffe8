import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/backoffice/page-header";
import { buttonVariants } from "@/components/ui/button";
import { gateMember } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { verifyContactEmail } from "@/lib/organisations/contact-emails";
import { Icon } from "@/components/ui/icon";

type Props = {
  params: Promise<{ organisationId: string }>;
  searchParams: Promise<{ token?: string | string[] }>;
};

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("orgSettings.verify");
  return { title: t("metaTitle") };
}

/**
 * Follows a contact address's verification link: any signed-in member of the organisation
 * may (the token proves control of the address); says verified, expired or invalid.
 */
export default async function VerifyContactEmailPage({ params, searchParams }: Props) {
  const { access } = await gateMember((await params).organisationId);
  const { token } = await searchParams;
  const outcome =
    typeof token === "string"
      ? await verifyContactEmail(access.claims, access.organisation.id, token)
      : "invalid";
  const t = await getTranslations("orgSettings.verify");
  const ok = outcome === "verified" || outcome === "alreadyVerified";
  return (
    <div className="flex max-w-2xl flex-col gap-4">
      <PageHeader title={t(`${outcome}Title`)} />
      <p className="flex items-start gap-2" role="status">
        <Icon
          name={ok ? "circle-check" : "circle-alert"}
          className={ok ? "size-5 shrink-0 text-primary-text" : "size-5 shrink-0 text-danger"}
        />
        {t(`${outcome}Body`)}
      </p>
      {access.can("settings.organisation.read") ? (
        <div>
          <Link
            href={organisationPath(access.organisation.id, "/settings/contact")}
            className={buttonVariants({ variant: "outline" })}
          >
            {t("back")}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
