import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AuthBoundary } from "@/components/auth/auth-boundary";
import { AuthPanel } from "@/components/auth/auth-panel";
import { LoginForm } from "@/components/auth/login-form";
import { authConfig } from "@/lib/auth/service/config";
import { webAuthnSettings } from "@/lib/auth/service/webauthn-config";
import { targetOrHome } from "@/lib/auth/guard/guard-decision";
import { withRedirect } from "@/lib/auth/guard/redirect-target";
import { pageMetadata } from "@/lib/seo/metadata";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth");
  // Indexable, with its canonical link (spec §2: one per page; the `redirect` query is dropped).
  return pageMetadata({
    path: "/login",
    title: t("login.metaTitle"),
    description: t("login.intro"),
  });
}

/** Google (a client id; the redirect flow when its secret is set too) and Solana, as configured. */
function loginMethods() {
  const config = authConfig();
  const clientId = config.googleClientIds[0];
  return {
    google: clientId ? { clientId, redirectFlow: config.googleOAuth !== null } : null,
    solana: config.web3Solana,
    passkey: webAuthnSettings().passkeys,
  };
}

type Props = { searchParams: Promise<{ redirect?: string | string[] }> };

export default async function LoginPage({ searchParams }: Props) {
  const t = await getTranslations("auth");
  const { redirect } = await searchParams;
  const target = targetOrHome(typeof redirect === "string" ? redirect : null);
  const keep = target === "/" ? null : target;
  return (
    <AuthBoundary>
      <AuthPanel title={t("login.title")} intro={t("login.intro")}>
        <LoginForm target={target} methods={loginMethods()} />
        <div className="mt-6 flex flex-col gap-2 text-sm">
          <Link
            href="/forgot-password"
            className="text-primary-text underline underline-offset-4 hover:no-underline"
          >
            {t("login.forgotPassword")}
          </Link>
          <p className="text-muted-foreground">
            {t("login.noAccount")}{" "}
            <Link
              href={withRedirect("/register", keep)}
              className="text-primary-text underline underline-offset-4 hover:no-underline"
            >
              {t("login.register")}
            </Link>
          </p>
        </div>
      </AuthPanel>
    </AuthBoundary>
  );
}
