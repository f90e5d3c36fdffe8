import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AuthBoundary } from "@/components/auth/auth-boundary";
import { AuthPanel } from "@/components/auth/auth-panel";
import { RegisterForm } from "@/components/auth/register-form";
import { targetOrHome } from "@/lib/auth/guard/guard-decision";
import { withRedirect } from "@/lib/auth/guard/redirect-target";
import { pageMetadata } from "@/lib/seo/metadata";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth");
  // Indexable, with its canonical link (spec §2: one per page; the `redirect` query is dropped).
  return pageMetadata({
    path: "/register",
    title: t("register.metaTitle"),
    description: t("register.intro"),
  });
}

type Props = { searchParams: Promise<{ redirect?: string | string[] }> };

export default async function RegisterPage({ searchParams }: Props) {
  const t = await getTranslations("auth");
  const { redirect } = await searchParams;
  const target = targetOrHome(typeof redirect === "string" ? redirect : null);
  return (
    <AuthBoundary>
      <AuthPanel title={t("register.title")} intro={t("register.intro")}>
        <RegisterForm target={target} />
        <p className="mt-6 text-sm text-muted-foreground">
          {t("register.haveAccount")}{" "}
          <Link
            href={withRedirect("/login", target === "/" ? null : target)}
            className="text-primary-text underline underline-offset-4 hover:no-underline"
          >
            {t("register.login")}
          </Link>
        </p>
      </AuthPanel>
    </AuthBoundary>
  );
}
