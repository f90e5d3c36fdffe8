import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/backoffice/page-header";
import { ScheduleForm } from "@/components/backoffice/settings/schedule-form";
import { gatePage } from "@/lib/backoffice/doors";
import { timeZoneOptions } from "@/lib/i18n/regions";
import { getSchedule } from "@/lib/schedules/schedules";
import { deleteScheduleAction, updateScheduleAction } from "../actions";
import { ScreenMessages } from "@/components/backoffice/screen-messages-provider";
import { isoWeekdays, scheduleLimits } from "@/lib/schedules/schedule-schema";

type Params = { params: Promise<{ organisationId: string; scheduleId: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("orgSettings.schedule");
  return { title: t("editMetaTitle") };
}

/** One schedule: edit (version check) or delete with settings.schedule.write, else read-only. */
export default async function SchedulePage({ params }: Params) {
  const { organisationId, scheduleId } = await params;
  const { access } = await gatePage(organisationId, "settings.schedule.read");
  const schedule = await getSchedule(access.claims, access.organisation.id, scheduleId);
  if (!schedule) notFound();
  const t = await getTranslations("orgSettings.schedule");
  const canWrite = access.can("settings.schedule.write");
  return (
    <ScreenMessages scope="schedule">
      <PageHeader title={schedule.name} description={canWrite ? t("editIntro") : t("readOnly")} />
      <ScheduleForm
        organisationId={access.organisation.id}
        schedule={schedule}
        timeZones={timeZoneOptions()}
        rules={{ limits: scheduleLimits, weekdays: isoWeekdays }}
        action={updateScheduleAction}
        deleteAction={deleteScheduleAction}
        readOnly={!canWrite}
      />
    </ScreenMessages>
  );
}
