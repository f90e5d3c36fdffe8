import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/backoffice/page-header";
import { InviteForm } from "@/components/backoffice/people/invite-form";
import { roleName } from "@/components/backoffice/people/labels";
import { notFound } from "next/navigation";
import { gatePage } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { inviteAction } from "@/lib/people/actions";
import { listOrganisationRoles } from "@/lib/people/employees";
import { getSeatUsage } from "@/lib/people/invitations";
import { INVITATION_DAYS } from "@/lib/people/rules";
import { ScreenMessages } from "@/components/backoffice/screen-messages-provider";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("people.create");
  return { title: t("metaTitle") };
}

/** Invite by email with a role (the owner role only for owners). */
export default async function InvitePage({
  params,
}: {
  params: Promise<{ organisationId: string }>;
}) {
  const { access } = await gatePage((await params).organisationId, "people.invitation.write");
  // Inviting counts the seats taken by pending invitations: it needs to read them too.
  if (!access.can("people.invitation.read")) notFound();
  const [t, tb, roles, seats] = await Promise.all([
    getTranslations("people.create"),
    getTranslations("backoffice"),
    listOrganisationRoles(access),
    getSeatUsage(access),
  ]);
  // Only roles the inviter may give: the owner role by owners, others within their permissions.
  const grantable = roles.filter(
    (role) =>
      role.grantable && (role.builtinKey !== "owner" || access.employment.roleKey === "owner"),
  );
  const offered = grantable.map((role) => ({
    id: role.id,
    label: roleName((key) => tb(`roleNames.${key}`), role),
  }));
  const staff = grantable.find((role) => role.builtinKey === "staff") ?? grantable[0];
  const id = access.organisation.id;
  return (
    <ScreenMessages scope="invite">
      <div className="mx-auto w-full max-w-2xl">
        <PageHeader title={t("title")} description={t("intro", { days: INVITATION_DAYS })} />
        {seats ? (
          <p className="mb-4 text-sm text-muted-foreground" data-testid="seat-usage">
            {seats.limit === null
              ? t("seatsUnlimited", { used: seats.inUse })
              : t("seats", { used: seats.inUse, limit: seats.limit })}
          </p>
        ) : null}
        <div className="rounded-card border border-border bg-surface p-4 sm:p-6">
          <InviteForm
            organisationId={id}
            action={inviteAction}
            roles={offered}
            defaultRoleId={staff?.id ?? ""}
            doneHref={organisationPath(id, "/people/invitations")}
          />
        </div>
      </div>
    </ScreenMessages>
  );
}
