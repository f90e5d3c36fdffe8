import Link from "next/link";
import { useTranslations } from "next-intl";
import { targetOrHome } from "@/lib/auth/guard/guard-decision";

/**
 * A link that confirmed one half of a secure email change (the service redirects with
 * GoTrue's `message`): nothing changes until the other address confirms too.
 */
export function CallbackMessage({ next }: { next: string }) {
  const t = useTranslations("auth");
  return (
    <div role="status" className="rounded-card border border-border bg-surface p-6">
      <h2 className="mb-2 text-xl font-semibold">{t("callback.confirmedOneTitle")}</h2>
      <p className="text-muted-foreground">{t("callback.confirmedOneBody")}</p>
      <Link
        href={targetOrHome(next)}
        className="mt-4 inline-block text-sm text-primary-text underline underline-offset-4 hover:no-underline"
      >
        {t("callback.continue")}
      </Link>
    </div>
  );
}
