import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/backoffice/page-header";
import { EmploymentRoleForm } from "@/components/backoffice/people/employment-role-form";
import { EmploymentStatusActions } from "@/components/backoffice/people/employment-status-actions";
import { employmentBadge, roleName } from "@/components/backoffice/people/labels";
import { Badge } from "@/components/ui/badge";
import { gatePage } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { formatDate } from "@/lib/i18n/format";
import {
  changeRoleAction,
  endEmploymentAction,
  reactivateEmploymentAction,
  suspendEmploymentAction,
} from "@/lib/people/actions";
import { getEmployment, listOrganisationRoles } from "@/lib/people/employees";
import { ScreenMessages } from "@/components/backoffice/screen-messages-provider";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("people.detail");
  return { title: t("metaTitle") };
}

/** One member: details; role, suspension and end for those who may change them. */
export default async function EmploymentPage({
  params,
}: {
  params: Promise<{ organisationId: string; employmentId: string }>;
}) {
  const { organisationId, employmentId } = await params;
  const { access } = await gatePage(organisationId, "people.employment.read");
  const employment = await getEmployment(access, employmentId);
  if (!employment) notFound();
  const [t, tb, locale, roles] = await Promise.all([
    getTranslations("people"),
    getTranslations("backoffice"),
    getLocale(),
    access.can("people.employment.write") ? listOrganisationRoles(access) : Promise.resolve([]),
  ]);
  const id = access.organisation.id;
  const self = employment.id === access.employment.id;
  const isOwner = access.employment.roleKey === "owner";
  // A member whose role holds more than the caller is not theirs to change (role-grant.ts).
  const withinOwn = roles.find((role) => role.id === employment.roleId)?.grantable ?? false;
  const canChange =
    access.can("people.employment.write") &&
    withinOwn &&
    (isOwner || employment.roleKey !== "owner");
  const date = (value: Date) =>
    formatDate(value, { locale, timeZone: access.organisation.timeZone });
  const label = (role: Parameters<typeof roleName>[1]) =>
    roleName((key) => tb(`roleNames.${key}`), role);
  const name = employment.name || employment.email;
  const details: [string, React.ReactNode][] = [
    [
      t("detail.email"),
      <span key="email" className="break-all">
        {employment.email}
      </span>,
    ],
    [t("detail.role"), label(employment)],
    [
      t("detail.status"),
      <Badge key="status" variant={employmentBadge[employment.status]}>
        {t(`statuses.${employment.status}`)}
      </Badge>,
    ],
    [t("detail.since"), date(employment.since)],
    ...(employment.endedAt
      ? [[t("detail.endedAt"), date(employment.endedAt)] as [string, React.ReactNode]]
      : []),
  ];
  const open = employment.status === "active" || employment.status === "suspended";
  return (
    <ScreenMessages scope="member">
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
        <div>
          <Link
            href={organisationPath(id, "/people")}
            className="text-sm text-primary-text underline-offset-4 hover:underline"
          >
            {t("detail.back")}
          </Link>
        </div>
        <PageHeader
          title={name || t("list.noName")}
          description={self ? t("detail.you") : undefined}
        />
        <section
          aria-labelledby="member-details"
          className="rounded-card border border-border bg-surface p-4 sm:p-6"
        >
          <h2 id="member-details" className="mb-4 text-lg font-semibold">
            {t("detail.details")}
          </h2>
          <dl className="grid gap-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
            {details.map(([term, value]) => (
              <div key={term} className="contents">
                <dt className="text-muted-foreground">{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
        {canChange && open ? (
          <>
            {!self ? (
              <section
                aria-labelledby="member-role"
                className="rounded-card border border-border bg-surface p-4 sm:p-6"
              >
                <h2 id="member-role" className="mb-4 text-lg font-semibold">
                  {t("detail.roleTitle")}
                </h2>
                <EmploymentRoleForm
                  organisationId={id}
                  employmentId={employment.id}
                  version={employment.version}
                  roleId={employment.roleId}
                  roles={roles
                    .filter((role) => role.grantable && (isOwner || role.builtinKey !== "owner"))
                    .map((role) => ({ id: role.id, label: label(role) }))}
                  action={changeRoleAction}
                />
              </section>
            ) : null}
            {!self || isOwner ? (
              <section
                aria-labelledby="member-status"
                className="rounded-card border border-border bg-surface p-4 sm:p-6"
              >
                <h2 id="member-status" className="mb-4 text-lg font-semibold">
                  {t("detail.membershipTitle")}
                </h2>
                <EmploymentStatusActions
                  organisationId={id}
                  organisationName={access.organisation.name}
                  employmentId={employment.id}
                  version={employment.version}
                  status={employment.status}
                  name={name}
                  self={self}
                  afterLeaveHref="/backoffice"
                  actions={{
                    suspend: suspendEmploymentAction,
                    reactivate: reactivateEmploymentAction,
                    end: endEmploymentAction,
                  }}
                />
              </section>
            ) : null}
          </>
        ) : (
          <p className="text-sm text-muted-foreground">{t("detail.noChanges")}</p>
        )}
      </div>
    </ScreenMessages>
  );
}
