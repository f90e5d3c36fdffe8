import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthPanel } from "@/components/auth/auth-panel";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth");
  return { title: t("reset.metaTitle"), robots: { index: false } };
}

/** Signed in (the guard sends visitors to /login), no profile needed. */
export default async function ResetPasswordPage() {
  const t = await getTranslations("auth");
  return (
    <AuthPanel title={t("reset.title")} intro={t("reset.intro")}>
      <ResetPasswordForm />
    </AuthPanel>
  );
}
