import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/backoffice/page-header";
import { buttonVariants } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { getCurrentClaims } from "@/lib/auth/server/session";
import { withRedirect } from "@/lib/auth/guard/redirect-target";
import { moderationPath, organisationPath } from "@/lib/backoffice/navigation";
import { isPlatformModerator } from "@/lib/moderation/moderation";
import { listMyOrganisations } from "@/lib/organisations/memberships";
import { Icon } from "@/components/ui/icon";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("backoffice.home");
  return { title: t("metaTitle") };
}

/**
 * The caller's organisations with their role; open one, or start a new one. A platform
 * moderator also gets the way to the moderation queue.
 */
export default async function BackofficeHomePage() {
  const claims = await getCurrentClaims();
  if (!claims) redirect(withRedirect("/login", "/backoffice"));
  const [t, tb, organisations, moderator] = await Promise.all([
    getTranslations("backoffice.home"),
    getTranslations("backoffice"),
    listMyOrganisations(claims),
    isPlatformModerator(claims),
  ]);
  const newButton = (
    <Link
      href="/backoffice/register-organisation"
      className={buttonVariants({ variant: "primary" })}
    >
      <Icon name="plus" aria-hidden className="size-4" />
      {t("new")}
    </Link>
  );
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 md:px-6">
      <p className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {tb("portalTitle")}
      </p>
      <PageHeader
        title={t("title")}
        description={t("intro")}
        actions={
          organisations.length || moderator ? (
            <>
              {moderator ? (
                <Link href={moderationPath} className={buttonVariants({ variant: "outline" })}>
                  <Icon name="shield-check" aria-hidden className="size-4" />
                  {t("moderation")}
                </Link>
              ) : null}
              {organisations.length ? newButton : null}
            </>
          ) : null
        }
      />
      {organisations.length === 0 ? (
        <EmptyState
          title={t("emptyTitle")}
          description={t("emptyBody")}
          icon={<Icon name="building-2" className="size-8" />}
        >
          {newButton}
        </EmptyState>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {organisations.map((organisation) => (
            <li key={organisation.id}>
              <Link
                href={organisationPath(organisation.id, "/dashboard")}
                aria-label={t("open", { name: organisation.name })}
                className="flex h-full flex-col gap-1 rounded-card border border-border bg-surface p-4 hover:border-primary focus-visible:border-primary"
              >
                <span className="font-semibold break-words">{organisation.name}</span>
                <span className="text-sm text-muted-foreground">
                  {t("role", {
                    role: organisation.roleKey
                      ? tb(`roleNames.${organisation.roleKey}`)
                      : organisation.roleName,
                  })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
