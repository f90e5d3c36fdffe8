import Link from "next/link";
import { useTranslations } from "next-intl";
import type { CallbackErrorKey } from "@/app/[locale]/(auth)/callback/callback-params";

/** Why the sign-in could not be completed, with the ways on. */
export function CallbackError({
  reason,
  code,
}: {
  reason: CallbackErrorKey;
  code?: string | null;
}) {
  const t = useTranslations("auth");
  return (
    <div role="alert" className="rounded-card border border-danger bg-surface p-6">
      <h2 className="mb-2 text-xl font-semibold">{t("callback.errorTitle")}</h2>
      <p className="text-muted-foreground">{t(`callback.errors.${reason}`)}</p>
      {code ? (
        <p className="mt-2 text-sm text-muted-foreground">{t("callback.errorCode", { code })}</p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <Link
          href="/login"
          className="text-primary-text underline underline-offset-4 hover:no-underline"
        >
          {t("callback.toLogin")}
        </Link>
        <Link
          href="/forgot-password"
          className="text-primary-text underline underline-offset-4 hover:no-underline"
        >
          {t("callback.toForgot")}
        </Link>
      </div>
    </div>
  );
}
