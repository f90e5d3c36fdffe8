import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { invitationBadge, roleName } from "@/components/backoffice/people/labels";
import { AuthPanel } from "@/components/auth/auth-panel";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDate } from "@/lib/i18n/format";
import { listMyInvitations, type MyInvitation } from "@/lib/people/invitee";
import { requireProfile } from "@/lib/profile/load-profile-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("people.invitee");
  return { title: t("metaTitle"), robots: { index: false } };
}

/** The caller's invitations (by the verified email of their account): open ones first. */
export default async function MyInvitationsPage() {
  const { claims } = await requireProfile("/profile/invitation");
  const [t, tb, locale, invitations] = await Promise.all([
    getTranslations("people"),
    getTranslations("backoffice"),
    getLocale(),
    listMyInvitations(claims),
  ]);
  const email = typeof claims.email === "string" ? claims.email : "";
  const date = (value: Date, timeZone: string) =>
    formatDate(value, { locale, timeZone, dateStyle: "medium" });
  const open = invitations.filter((i) => i.status === "pending");
  const past = invitations.filter((i) => i.status !== "pending");
  const item = (invitation: MyInvitation) => (
    <li key={invitation.id} className="rounded-card border border-border bg-surface p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Link
          href={`/profile/invitation/${invitation.id}`}
          className="font-semibold text-primary-text underline-offset-4 hover:underline"
        >
          {invitation.organisationName}
        </Link>
        <Badge variant={invitationBadge[invitation.status]}>
          {t(`invitationStatuses.${invitation.status}`)}
        </Badge>
      </div>
      <p className="mt-1 text-sm text-muted-foreground">
        {t("invitee.role", { role: roleName((key) => tb(`roleNames.${key}`), invitation) })}
        {invitation.inviterName
          ? ` · ${t("invitee.invitedBy", { name: invitation.inviterName })}`
          : null}
      </p>
      <p className="mt-1 text-sm text-muted-foreground">
        {invitation.respondedAt
          ? t("invitee.answered", {
              date: date(invitation.respondedAt, invitation.organisationTimeZone),
            })
          : t("invitee.expires", {
              date: date(invitation.expiresAt, invitation.organisationTimeZone),
            })}
      </p>
    </li>
  );
  return (
    <AuthPanel
      title={t("invitee.title")}
      intro={email ? t("invitee.intro", { email }) : t("invitee.noEmail")}
    >
      {invitations.length === 0 ? (
        <EmptyState title={t("invitee.emptyTitle")} description={t("invitee.emptyBody")} />
      ) : (
        <div className="flex flex-col gap-8">
          {open.length ? (
            <section aria-labelledby="invitations-open">
              <h2 id="invitations-open" className="mb-3 text-lg font-semibold">
                {t("invitee.pendingTitle")}
              </h2>
              <ul className="flex flex-col gap-3">{open.map(item)}</ul>
            </section>
          ) : null}
          {past.length ? (
            <section aria-labelledby="invitations-past">
              <h2 id="invitations-past" className="mb-3 text-lg font-semibold">
                {t("invitee.pastTitle")}
              </h2>
              <ul className="flex flex-col gap-3">{past.map(item)}</ul>
            </section>
          ) : null}
        </div>
      )}
    </AuthPanel>
  );
}
