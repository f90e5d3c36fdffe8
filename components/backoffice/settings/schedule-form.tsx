"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { useFieldArray, useWatch } from "react-hook-form";
import { FormAlert } from "@/components/auth/form-alert";
import {
  type BackofficeAction,
  useBackofficeForm,
} from "@/components/backoffice/use-backoffice-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { fieldControlClass, Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast-store";
import type { RegionOption } from "@/lib/i18n/regions";
import { organisationPath } from "@/lib/backoffice/navigation";
import type { IsoWeekday } from "@/lib/schedules/schedule-schema";
import { cn } from "@/lib/utils/cn";
import { ConfirmDialog } from "./confirm-dialog";
import { useSettingsCommand } from "./use-settings-command";

import {
  ExceptionEditor,
  type Form,
  IntervalRows,
  type ScheduleRules,
  useErrorOf,
} from "./schedule-editors";
import { Icon } from "@/components/ui/icon";

export interface ScheduleFormValues {
  id?: string;
  version?: number;
  name: string;
  timeZone: string;
  weekly: Partial<Record<IsoWeekday, { start: string; end: string }[]>>;
  exceptions: {
    date: string;
    closed: boolean;
    intervals: { start: string; end: string }[];
    note: string;
  }[];
}

function DeleteSchedule({
  organisationId,
  scheduleId,
  name,
  version,
  action,
  listPath,
}: {
  organisationId: string;
  scheduleId: string;
  name: string;
  version: () => string;
  action: BackofficeAction<{ id: string }>;
  listPath: string;
}) {
  const t = useTranslations("orgSettings.scheduleForm");
  const tu = useTranslations("ui");
  const router = useRouter();
  const remover = useSettingsCommand(action);
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="lg"
        className="sm:ml-auto"
        onClick={() => setConfirming(true)}
      >
        <Icon name="trash-2" aria-hidden />
        {t("delete")}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("deleteTitle")}
        body={t("deleteBody", { name })}
        confirmLabel={t("confirmDelete")}
        cancelLabel={t("cancel")}
        closeLabel={tu("close")}
        pending={remover.pending}
        error={remover.error}
        onConfirm={() =>
          remover.run({ organisationId, scheduleId, version: version() }, () => {
            setConfirming(false);
            toast({ title: t("deleted"), variant: "success" });
            router.push(listPath);
          })
        }
      />
    </>
  );
}

/**
 * Creates or edits a schedule: weekly hours (several intervals a day; the gaps are breaks),
 * date exceptions and the time zone. The values travel as one JSON field (`payload`); an
 * edit names the version it read.
 */
export function ScheduleForm({
  organisationId,
  schedule,
  timeZones,
  action,
  deleteAction,
  readOnly,
  rules: { limits, weekdays },
}: {
  organisationId: string;
  schedule: ScheduleFormValues;
  rules: ScheduleRules;
  timeZones: readonly RegionOption[];
  action: BackofficeAction<{ id: string; version: number }>;
  deleteAction?: BackofficeAction<{ id: string }>;
  readOnly: boolean;
}) {
  const t = useTranslations("orgSettings.scheduleForm");
  const router = useRouter();
  const editing = schedule.id !== undefined;
  const listPath = organisationPath(organisationId, "/settings/schedule");
  const onDone = useCallback(
    (data: { id: string; version: number }, form: Form) => {
      if (editing) {
        form.setValue("version", data.version);
        toast({ title: t("saved"), variant: "success" });
        router.refresh();
      } else {
        toast({ title: t("created"), variant: "success" });
        router.push(`${listPath}/${data.id}`);
      }
    },
    [editing, listPath, router, t],
  );
  const { form, onSubmit, formError, pending } = useBackofficeForm({
    schema: () => import("./schedule-form-schema").then((m) => m.scheduleFormSchema),
    action,
    defaultValues: {
      scheduleId: schedule.id,
      version: schedule.version,
      name: schedule.name,
      timeZone: schedule.timeZone,
      weekly: Object.fromEntries(weekdays.map((day) => [day, schedule.weekly[day] ?? []])),
      exceptions: schedule.exceptions,
    },
    onDone,
  });
  const errorOf = useErrorOf(form);
  const values = useWatch({ control: form.control });
  const exceptions = useFieldArray({ control: form.control, name: "exceptions" });
  const topError = errorOf("weekly") ?? errorOf("exceptions");
  const zones = timeZones.some((z) => z.value === schedule.timeZone)
    ? timeZones
    : [{ value: schedule.timeZone, label: schedule.timeZone }, ...timeZones];

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex flex-col gap-6">
      <input type="hidden" name="organisationId" value={organisationId} />
      <input type="hidden" name="payload" value={JSON.stringify(values)} />
      <FormAlert message={formError ?? topError ?? null} />
      <fieldset disabled={readOnly} className="flex min-w-0 flex-col gap-6">
        <div className="grid gap-4 md:grid-cols-2">
          <FormField label={t("name")} hint={t("nameHint")} errors={errorOf("name")} required>
            <Input maxLength={limits.name.max} {...form.register("name")} />
          </FormField>
          <FormField label={t("timeZone")} errors={errorOf("timeZone")} required>
            <select className={cn(fieldControlClass, "h-10")} {...form.register("timeZone")}>
              {zones.map((zone) => (
                <option key={zone.value} value={zone.value}>
                  {zone.label}
                </option>
              ))}
            </select>
          </FormField>
        </div>
        <section aria-labelledby="schedule-weekly" className="flex flex-col gap-3">
          <h2 id="schedule-weekly" className="text-lg font-semibold">
            {t("weekly")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("weeklyHint")}</p>
          <div className="divide-y divide-border rounded-card border border-border bg-surface">
            {weekdays.map((day) => {
              const dayName = t(`weekdays.${day}`);
              return (
                <div
                  key={day}
                  role="group"
                  aria-label={dayName}
                  className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start"
                >
                  <span className="w-28 shrink-0 pt-2 font-medium">{dayName}</span>
                  <IntervalRows
                    control={form.control}
                    register={form.register}
                    errorOf={errorOf}
                    name={`weekly.${day}`}
                    disabled={readOnly}
                    max={limits.intervalsPerDay}
                    labels={{
                      opens: (n) => t("opensOn", { day: dayName, n }),
                      closes: (n) => t("closesOn", { day: dayName, n }),
                      remove: (n) => t("removeInterval", { day: dayName, n }),
                      add: t("addInterval", { day: dayName }),
                      addShort: t("addIntervalShort"),
                      empty: t("closed"),
                    }}
                  />
                </div>
              );
            })}
          </div>
        </section>
        <section aria-labelledby="schedule-exceptions" className="flex flex-col gap-3">
          <h2 id="schedule-exceptions" className="text-lg font-semibold">
            {t("exceptions")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("exceptionsHint")}</p>
          {exceptions.fields.length === 0 ? <p className="text-sm">{t("noExceptions")}</p> : null}
          {exceptions.fields.map((field, index) => (
            <ExceptionEditor
              key={field.id}
              form={form}
              index={index}
              errorOf={errorOf}
              disabled={readOnly}
              limits={limits}
              onRemove={() => exceptions.remove(index)}
            />
          ))}
          {readOnly || exceptions.fields.length >= limits.exceptions ? null : (
            <div>
              <Button
                variant="outline"
                onClick={() =>
                  exceptions.append({ date: "", closed: true, intervals: [], note: "" })
                }
              >
                <Icon name="calendar-plus" aria-hidden />
                {t("addException")}
              </Button>
            </div>
          )}
        </section>
      </fieldset>
      {readOnly ? null : (
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="lg" disabled={pending}>
            {pending ? t("saving") : editing ? t("save") : t("create")}
          </Button>
          {schedule.id && deleteAction ? (
            <DeleteSchedule
              organisationId={organisationId}
              scheduleId={schedule.id}
              name={schedule.name}
              version={() => String(form.getValues("version") ?? schedule.version ?? "")}
              action={deleteAction}
              listPath={listPath}
            />
          ) : null}
        </div>
      )}
    </form>
  );
}
