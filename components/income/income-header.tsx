import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/backoffice/page-header";
import { buttonVariants } from "@/components/ui/button";
import { organisationPath } from "@/lib/backoffice/navigation";

/** The heading of a `payment/*` page, with the way back to the income overview. */
export async function IncomeHeader({
  organisationId,
  title,
  description,
}: {
  organisationId: string;
  title: string;
  description: string;
}) {
  const t = await getTranslations("income");
  return (
    <PageHeader
      title={title}
      description={description}
      actions={
        <Link
          href={organisationPath(organisationId, "/payment")}
          className={buttonVariants({ variant: "ghost", size: "sm" })}
        >
          {t("back")}
        </Link>
      }
    />
  );
}
