import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { DashboardWidget } from "@/components/backoffice/dashboard-widget";
import { PageHeader } from "@/components/backoffice/page-header";
import { describeAuditEntries } from "@/lib/audit/describe";
import { recentAuditEntries } from "@/lib/audit/list";
import { gateMember } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { formatDateTime } from "@/lib/i18n/format";
import type { OrganisationAccess } from "@/lib/organisations/access";
import { countActiveMembers } from "@/lib/people/employees";
import { countPendingInvitations } from "@/lib/people/invitations";

const RECENT_ACTIVITY = 5;

type Params = { params: Promise<{ organisationId: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("backoffice.dashboard");
  return { title: t("metaTitle") };
}

/** A widget's data: loaded inside its own Suspense; a failure shows only in that widget. */
async function Figure({
  load,
  format,
}: {
  load: () => Promise<number>;
  format: (n: number) => string;
}) {
  const t = await getTranslations("backoffice.dashboard");
  const value = await load().catch((error: unknown) => {
    console.error("dashboard: widget failed", error);
    return null;
  });
  if (value === null) return <p className="text-sm text-danger">{t("widgetFailed")}</p>;
  return <p className="text-2xl font-semibold">{format(value)}</p>;
}

/** The newest entries of the audit trail: who did what to what, when (labels, not keys). */
async function RecentActivity({ access }: { access: OrganisationAccess }) {
  const [t, locale] = await Promise.all([getTranslations("backoffice.dashboard"), getLocale()]);
  const loaded = await recentAuditEntries(access, RECENT_ACTIVITY)
    .then(async (entries) => ({
      entries,
      shown: await describeAuditEntries(access.organisation.id, entries),
    }))
    .catch((error: unknown) => {
      console.error("dashboard: recent activity failed", error);
      return null;
    });
  if (loaded === null) return <p className="text-sm text-danger">{t("widgetFailed")}</p>;
  const { entries, shown } = loaded;
  if (!entries.length) return <p className="text-sm text-muted-foreground">{t("noActivity")}</p>;
  return (
    <ul className="flex flex-col gap-2 text-sm" data-testid="recent-activity">
      {entries.map((entry, index) => (
        <li key={entry.id} className="flex min-w-0 flex-col">
          <span className="font-medium break-words">
            {shown[index]?.action ?? entry.action}
            {shown[index]?.resourceName ? (
              <span className="font-normal text-muted-foreground">
                {" "}
                · {shown[index]?.resourceName}
              </span>
            ) : null}
          </span>
          <span className="text-muted-foreground">
            {t("activityBy", { name: entry.actorName ?? t("system") })} ·{" "}
            <time dateTime={entry.createdAt.toISOString()}>
              {formatDateTime(entry.createdAt, { locale, timeZone: access.organisation.timeZone })}
            </time>
          </span>
        </li>
      ))}
    </ul>
  );
}

async function ModulesInUse({ access }: { access: OrganisationAccess }) {
  const t = await getTranslations("backoffice");
  const modules = [...access.modules.entries()];
  if (!modules.length)
    return <p className="text-sm text-muted-foreground">{t("dashboard.noModules")}</p>;
  return (
    <ul className="flex flex-wrap gap-2">
      {modules.map(([module, tier]) => (
        <li key={module} className="rounded-card border border-border px-3 py-1 text-sm">
          {t(`moduleNames.${module}`)} · {t(`tierNames.${tier}`)}
        </li>
      ))}
    </ul>
  );
}

/** What exists now: members, pending invitations, modules in use, recent activity. Each later module adds its widget. */
export default async function DashboardPage({ params }: Params) {
  const { access } = await gateMember((await params).organisationId);
  const t = await getTranslations("backoffice.dashboard");
  const id = access.organisation.id;
  return (
    <>
      <PageHeader title={t("title")} description={access.organisation.name} />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <DashboardWidget
          title={t("members")}
          link={
            access.can("people.employment.read")
              ? { href: organisationPath(id, "/people"), label: t("seePeople") }
              : undefined
          }
        >
          <Figure
            load={() => countActiveMembers(access)}
            format={(count) => t("membersCount", { count })}
          />
        </DashboardWidget>
        {access.can("people.invitation.read") ? (
          <DashboardWidget
            title={t("invitations")}
            link={{ href: organisationPath(id, "/people/invitations"), label: t("seeInvitations") }}
          >
            <Figure
              load={() => countPendingInvitations(access)}
              format={(count) => t("invitationsCount", { count })}
            />
          </DashboardWidget>
        ) : null}
        <DashboardWidget
          title={t("modules")}
          link={
            access.can("settings.module.read")
              ? { href: organisationPath(id, "/settings/module"), label: t("manageModules") }
              : undefined
          }
        >
          <ModulesInUse access={access} />
        </DashboardWidget>
        {access.can("settings.audit.read") ? (
          <DashboardWidget
            title={t("activity")}
            link={{ href: organisationPath(id, "/settings/audit"), label: t("seeAudit") }}
          >
            <RecentActivity access={access} />
          </DashboardWidget>
        ) : null}
      </div>
    </>
  );
}
