import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { InvitationAnswer } from "@/components/backoffice/people/invitation-answer";
import { invitationBadge, roleName } from "@/components/backoffice/people/labels";
import { AuthPanel } from "@/components/auth/auth-panel";
import { Badge } from "@/components/ui/badge";
import { buttonVariants } from "@/components/ui/button";
import type { AppErrorCode } from "@/lib/errors/app-error";
import { formatDateTime } from "@/lib/i18n/format";
import { acceptInvitationAction, declineInvitationAction } from "@/lib/people/actions";
import { getMyInvitation, isMyEmailConfirmed } from "@/lib/people/invitee";
import { requireProfile } from "@/lib/profile/load-profile-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("people.invitee");
  return { title: t("detailMetaTitle"), robots: { index: false } };
}

const answerErrors = [
  "invitationExpired",
  "invitationRevoked",
  "invitationUsed",
  "invitationNotYours",
  "alreadyMember",
  "seatLimit",
  "emailNotConfirmed",
  "notFound",
] as const satisfies readonly AppErrorCode[];

/** One of the caller's invitations: accept or decline it, or read what became of it. */
export default async function InvitationPage({
  params,
}: {
  params: Promise<{ invitationId: string }>;
}) {
  const { invitationId } = await params;
  const { claims } = await requireProfile(`/profile/invitation/${invitationId}`);
  // Not addressed to the caller (or no such invitation): 404 either way, nothing leaks.
  const invitation = await getMyInvitation(claims, invitationId);
  if (!invitation) notFound();
  const [t, tb, locale, confirmed] = await Promise.all([
    getTranslations("people"),
    getTranslations("backoffice"),
    getLocale(),
    // Answers need a confirmed address (lib/people/invitee.ts): say so instead of offering them.
    isMyEmailConfirmed(claims),
  ]);
  const role = roleName((key) => tb(`roleNames.${key}`), invitation);
  // In the organisation's time zone, named: the invitee may live elsewhere.
  const zone = invitation.organisationTimeZone;
  const when = (value: Date) =>
    `${formatDateTime(value, { locale, timeZone: zone })} (${zone.replaceAll("_", " ")})`;
  const states = {
    expired: t("invitee.stateExpired"),
    revoked: t("invitee.stateRevoked"),
    accepted: t("invitee.stateAccepted"),
    declined: t("invitee.stateDeclined"),
  } as const;
  return (
    <AuthPanel
      title={t("invitee.detailTitle", { organisation: invitation.organisationName })}
      intro={t("invitee.detailIntro", {
        inviter: invitation.inviterName || invitation.organisationName,
        organisation: invitation.organisationName,
        role,
      })}
    >
      <div className="flex flex-col gap-6">
        <dl className="grid gap-3 rounded-card border border-border bg-surface p-4 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
          <dt className="text-muted-foreground">{t("invitee.organisation")}</dt>
          <dd>{invitation.organisationName}</dd>
          <dt className="text-muted-foreground">{t("list.role")}</dt>
          <dd>{role}</dd>
          <dt className="text-muted-foreground">{t("invitee.status")}</dt>
          <dd>
            <Badge variant={invitationBadge[invitation.status]}>
              {t(`invitationStatuses.${invitation.status}`)}
            </Badge>
          </dd>
          <dt className="text-muted-foreground">{t("invitee.sent")}</dt>
          <dd>{when(invitation.sentAt)}</dd>
          <dt className="text-muted-foreground">{t("invitee.expiresLabel")}</dt>
          <dd>{when(invitation.expiresAt)}</dd>
        </dl>
        {invitation.status === "pending" && !confirmed ? (
          <p role="status" className="rounded-card border border-border p-3 text-sm">
            {t("invitee.unconfirmed", { email: String(claims.email ?? "") })}
          </p>
        ) : invitation.status === "pending" ? (
          <InvitationAnswer
            invitationId={invitation.id}
            acceptAction={acceptInvitationAction}
            declineAction={declineInvitationAction}
            texts={{
              accept: t("invitee.accept"),
              accepting: t("invitee.accepting"),
              decline: t("invitee.decline"),
              declining: t("invitee.declining"),
              errors: Object.fromEntries(answerErrors.map((code) => [code, tb(`errors.${code}`)])),
              fallback: tb("errors.notFound"),
            }}
          />
        ) : (
          <p role="status" className="rounded-card border border-border p-3 text-sm">
            {states[invitation.status]}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          {invitation.status === "accepted" ? (
            <Link
              href={`/backoffice/organisation/${invitation.organisationId}/dashboard`}
              className={buttonVariants({ variant: "primary" })}
            >
              {t("invitee.openPortal")}
            </Link>
          ) : null}
          <Link href="/profile/invitation" className={buttonVariants({ variant: "ghost" })}>
            {t("invitee.back")}
          </Link>
        </div>
      </div>
    </AuthPanel>
  );
}
