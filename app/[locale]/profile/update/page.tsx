import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { type ReactNode } from "react";
import { AuthPanel } from "@/components/auth/auth-panel";
import { ScopedMessages } from "@/components/layout/scoped-messages";
import { EmailChangeForm } from "@/components/profile/email-change-form";
import { IdentitiesList } from "@/components/profile/identities-list";
import { MfaSettings } from "@/components/profile/mfa-settings";
import { PasskeysSettings } from "@/components/profile/passkeys-settings";
import { PasswordForm } from "@/components/profile/password-form";
import { PhoneChangeForm } from "@/components/profile/phone-change-form";
import { ProfileForm } from "@/components/profile/profile-form";
import { SecurityUnlock } from "@/components/profile/security-unlock";
import { SignOutOthers } from "@/components/profile/sign-out-others";
import { authConfig } from "@/lib/auth/service/config";
import { webAuthnSettings } from "@/lib/auth/service/webauthn-config";
import { isLocale } from "@/lib/i18n/config";
import { requireProfile } from "@/lib/profile/load-profile-page";
import { updateProfileAction } from "../actions";
import { readEmailChangeReturn } from "./assurance";
import { loadSecurityState } from "./security-state";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("profile");
  return { title: t("update.metaTitle"), robots: { index: false } };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

function Subsection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3" aria-labelledby={id}>
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

export default async function UpdateProfilePage({ searchParams }: Props) {
  const t = await getTranslations("profile");
  const { claims, profile } = await requireProfile("/profile/update");
  const security = await loadSecurityState(claims);
  const emailReturn = readEmailChangeReturn(await searchParams);
  const anonymous = claims.is_anonymous === true;
  const webauthn = webAuthnSettings();
  // The security settings reuse the sign-in forms: the "profile" scope passes auth's texts too.
  return (
    <ScopedMessages scope="profile">
      <AuthPanel title={t("update.title")}>
        <Link
          href="/profile"
          className="mb-6 inline-block text-sm text-primary-text underline underline-offset-4 hover:no-underline"
        >
          {t("update.back")}
        </Link>
        {emailReturn ? (
          <div
            role={emailReturn === "failed" ? "alert" : "status"}
            className={
              emailReturn === "failed"
                ? "mb-6 rounded-card border border-danger p-3 text-sm text-danger"
                : "mb-6 rounded-card border border-border p-3 text-sm"
            }
          >
            {emailReturn === "failed"
              ? t("security.email.linkFailed")
              : emailReturn === "done"
                ? t("security.email.linkDone")
                : t("security.email.linkConfirmedOne")}
          </div>
        ) : null}
        <ProfileForm
          mode="update"
          action={updateProfileAction}
          defaults={{
            displayName: profile.displayName,
            locale: isLocale(profile.locale) ? profile.locale : "en",
            marketingConsent: profile.marketingConsent,
          }}
        />
        <section
          className="mt-10 flex flex-col gap-8 border-t border-border pt-8"
          aria-labelledby="security-title"
        >
          <h2 id="security-title" className="text-xl font-semibold">
            {t("security.title")}
          </h2>
          {security?.locked ? (
            <SecurityUnlock />
          ) : (
            <>
              {anonymous ? null : (
                <Subsection id="password-title" title={t("password.title")}>
                  <PasswordForm />
                </Subsection>
              )}
              <Subsection id="email-title" title={t("security.email.title")}>
                <p className="text-sm break-all text-muted-foreground">
                  {security?.email
                    ? t("security.email.current", { email: security.email })
                    : t("security.email.none")}
                </p>
                <EmailChangeForm
                  currentEmail={security?.email ?? null}
                  pendingEmail={security?.newEmail ?? null}
                  secure={authConfig().secureEmailChange}
                />
              </Subsection>
              <Subsection id="phone-title" title={t("security.phone.title")}>
                <p className="text-sm text-muted-foreground">
                  {security?.phone
                    ? t("security.phone.current", { phone: `+${security.phone}` })
                    : t("security.phone.none")}
                </p>
                <PhoneChangeForm pendingPhone={security?.newPhone ?? null} />
              </Subsection>
              <Subsection id="identities-title" title={t("security.identities.title")}>
                <IdentitiesList initial={security?.identities ?? []} />
              </Subsection>
              {anonymous || !webauthn.passkeys ? null : (
                <Subsection id="passkeys-title" title={t("security.passkeys.title")}>
                  <PasskeysSettings />
                </Subsection>
              )}
              {anonymous ? null : (
                <Subsection id="mfa-title" title={t("security.mfa.title")}>
                  <MfaSettings initial={security?.factors ?? []} webauthn={webauthn.mfa} />
                </Subsection>
              )}
              <Subsection id="others-title" title={t("security.othersTitle")}>
                <SignOutOthers />
              </Subsection>
            </>
          )}
        </section>
      </AuthPanel>
    </ScopedMessages>
  );
}
