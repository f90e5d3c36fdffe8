import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { redirect as navigate } from "next/navigation";
import { AuthPanel } from "@/components/auth/auth-panel";
import { ScopedMessages } from "@/components/layout/scoped-messages";
import { ProfileForm } from "@/components/profile/profile-form";
import { targetOrHome } from "@/lib/auth/guard/guard-decision";
import { withRedirect } from "@/lib/auth/guard/redirect-target";
import { getCurrentClaims } from "@/lib/auth/server/session";
import { isLocale } from "@/lib/i18n/config";
import { getOwnProfile } from "@/lib/profile/profiles";
import { createProfileAction } from "../actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("profile");
  return { title: t("create.metaTitle"), robots: { index: false } };
}

type Props = { searchParams: Promise<{ redirect?: string | string[] }> };

export default async function CreateProfilePage({ searchParams }: Props) {
  const t = await getTranslations("profile");
  const { redirect } = await searchParams;
  const target = targetOrHome(typeof redirect === "string" ? redirect : null);
  const claims = await getCurrentClaims();
  if (!claims) navigate(withRedirect("/login", withRedirect("/profile/create", target)));
  if (await getOwnProfile(claims)) navigate(target);
  const locale = await getLocale();
  return (
    <AuthPanel title={t("create.title")} intro={t("create.intro")}>
      <ScopedMessages scope="profileForm">
        <ProfileForm
          mode="create"
          action={createProfileAction}
          redirect={target}
          defaults={{
            displayName: "",
            locale: isLocale(locale) ? locale : "en",
            marketingConsent: false,
          }}
        />
      </ScopedMessages>
    </AuthPanel>
  );
}
