import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AuthBoundary } from "@/components/auth/auth-boundary";
import { AuthPanel } from "@/components/auth/auth-panel";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { pageMetadata } from "@/lib/seo/metadata";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth");
  // Indexable, with its canonical link (spec §2: one per page; the `redirect` query is dropped).
  return pageMetadata({
    path: "/forgot-password",
    title: t("forgot.metaTitle"),
    description: t("forgot.intro"),
  });
}

export default async function ForgotPasswordPage() {
  const t = await getTranslations("auth");
  return (
    <AuthBoundary>
      <AuthPanel title={t("forgot.title")} intro={t("forgot.intro")}>
        <ForgotPasswordForm />
        <p className="mt-6 text-sm">
          <Link
            href="/login"
            className="text-primary-text underline underline-offset-4 hover:no-underline"
          >
            {t("forgot.backToLogin")}
          </Link>
        </p>
      </AuthPanel>
    </AuthBoundary>
  );
}
