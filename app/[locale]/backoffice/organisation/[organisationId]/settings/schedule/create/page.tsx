import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/backoffice/page-header";
import { ScheduleForm } from "@/components/backoffice/settings/schedule-form";
import { gatePage } from "@/lib/backoffice/doors";
import { timeZoneOptions } from "@/lib/i18n/regions";
import { createScheduleAction } from "../actions";
import { ScreenMessages } from "@/components/backoffice/screen-messages-provider";
import { isoWeekdays, scheduleLimits } from "@/lib/schedules/schedule-schema";

type Params = { params: Promise<{ organisationId: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("orgSettings.schedule");
  return { title: t("createMetaTitle") };
}

const workday = [{ start: "09:00", end: "17:00" }];

/** A new schedule, in the organisation's time zone, open 09:00–17:00 on weekdays to start with. */
export default async function CreateSchedulePage({ params }: Params) {
  const { access } = await gatePage((await params).organisationId, "settings.schedule.write");
  const t = await getTranslations("orgSettings.schedule");
  return (
    <ScreenMessages scope="schedule">
      <PageHeader title={t("createTitle")} description={t("createIntro")} />
      <ScheduleForm
        organisationId={access.organisation.id}
        schedule={{
          name: "",
          timeZone: access.organisation.timeZone,
          weekly: { "1": workday, "2": workday, "3": workday, "4": workday, "5": workday },
          exceptions: [],
        }}
        timeZones={timeZoneOptions()}
        rules={{ limits: scheduleLimits, weekdays: isoWeekdays }}
        action={createScheduleAction}
        readOnly={false}
      />
    </ScreenMessages>
  );
}
