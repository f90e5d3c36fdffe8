import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";
import { StoredThemeRestore } from "./stored-theme-restore";

export async function NotFoundView() {
  const t = await getTranslations("notFound");
  return (
    <div className="flex min-h-[50dvh] flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <p aria-hidden className="text-6xl font-bold text-primary-text">
        404
      </p>
      <h1 className="text-3xl font-bold">{t("title")}</h1>
      <p className="max-w-prose text-muted-foreground">{t("description")}</p>
      <Link href="/" className={buttonVariants({ variant: "outline" })}>
        {t("home")}
      </Link>
      <StoredThemeRestore />
    </div>
  );
}
