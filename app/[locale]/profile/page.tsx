import type { Metadata } from "next";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { AuthPanel } from "@/components/auth/auth-panel";
import { SignOutButton } from "@/components/profile/sign-out-button";
import { buttonVariants } from "@/components/ui/button";
import { requireProfile } from "@/lib/profile/load-profile-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("profile");
  return { title: t("metaTitle"), robots: { index: false } };
}

export default async function ProfilePage() {
  const t = await getTranslations("profile");
  const ta = await getTranslations("auth");
  const format = await getFormatter();
  const { claims, profile } = await requireProfile("/profile");
  const email = typeof claims.email === "string" && claims.email ? claims.email : null;
  // The account's number (the token's phone claim), as /profile/update shows it: the
  // profile row's copy is taken at profile creation and does not follow phone changes.
  const phone = typeof claims.phone === "string" && claims.phone ? claims.phone : null;
  const rows: [string, string][] = [
    [t("email"), email ?? (claims.is_anonymous ? t("guest") : t("notSet"))],
    [t("phone"), phone ? `+${phone}` : t("notSet")],
    [t("locale"), profile.locale === "es" ? t("localeNames.es") : t("localeNames.en")],
  ];
  return (
    <AuthPanel title={t("title")}>
      <div className="flex flex-col gap-6 rounded-card border border-border bg-surface p-6">
        <div>
          <p className="text-2xl font-semibold" data-testid="profile-display-name">
            {profile.displayName}
          </p>
          <p className="text-sm text-muted-foreground">
            {t("memberSince", {
              date: format.dateTime(new Date(profile.createdAt), { dateStyle: "medium" }),
            })}
          </p>
        </div>
        <dl className="grid gap-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="break-all">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="text-sm">{profile.marketingConsent ? t("marketingYes") : t("marketingNo")}</p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Link href="/profile/update" className={buttonVariants({ variant: "primary" })}>
            {t("edit")}
          </Link>
          <Link href="/profile/my-addresses" className={buttonVariants({ variant: "outline" })}>
            {t("addresses")}
          </Link>
          <Link href="/profile/order" className={buttonVariants({ variant: "outline" })}>
            {t("orders")}
          </Link>
          <Link href="/profile/invoice" className={buttonVariants({ variant: "outline" })}>
            {t("invoices")}
          </Link>
          <Link href="/profile/billing" className={buttonVariants({ variant: "outline" })}>
            {t("billing")}
          </Link>
          <SignOutButton
            labels={{
              signOut: ta("signOut"),
              signingOut: ta("signingOut"),
              signedOut: ta("signedOut"),
            }}
          />
        </div>
      </div>
    </AuthPanel>
  );
}
