import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AuthPanel } from "@/components/auth/auth-panel";
import { PasswordForm } from "@/components/profile/password-form";
import { ProfileForm } from "@/components/profile/profile-form";
import { SignOutOthers } from "@/components/profile/sign-out-others";
import { isLocale } from "@/lib/i18n/config";
import { requireProfile } from "@/lib/profile/load-profile-page";
import { updateProfileAction } from "../actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("profile");
  return { title: t("update.metaTitle"), robots: { index: false } };
}

export default async function UpdateProfilePage() {
  const t = await getTranslations("profile");
  const { claims, profile } = await requireProfile("/profile/update");
  return (
    <AuthPanel title={t("update.title")}>
      <Link
        href="/profile"
        className="mb-6 inline-block text-sm text-primary-text underline underline-offset-4 hover:no-underline"
      >
        {t("update.back")}
      </Link>
      <ProfileForm
        mode="update"
        action={updateProfileAction}
        defaults={{
          displayName: profile.displayName,
          locale: isLocale(profile.locale) ? profile.locale : "en",
          marketingConsent: profile.marketingConsent,
        }}
      />
      {claims.is_anonymous ? null : (
        <section className="mt-10 border-t border-border pt-8" aria-labelledby="password-title">
          <h2 id="password-title" className="mb-4 text-xl font-semibold">
            {t("password.title")}
          </h2>
          <PasswordForm />
        </section>
      )}
      <section className="mt-10 border-t border-border pt-8" aria-labelledby="security-title">
        <h2 id="security-title" className="mb-4 text-xl font-semibold">
          {t("security.title")}
        </h2>
        <h3 className="mb-2 font-semibold">{t("security.othersTitle")}</h3>
        <SignOutOthers />
      </section>
    </AuthPanel>
  );
}
