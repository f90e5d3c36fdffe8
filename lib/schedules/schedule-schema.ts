import { z } from "zod";
import { isTimeZone } from "@/lib/organisations/organisation-schema";
import type { DayIntervals, WeeklyHours } from "./schema";
import { textRule } from "@/lib/validation/text";
import { versionSchema } from "@/lib/validation/version";

/**
 * The schedule forms' schema, shared by the browser and the server action. Times are local
 * "HH:MM" (00:00–23:59; an end may also be 24:00, the end of the day). Within a day the
 * intervals must each start before they end and must not overlap; the gaps between them are
 * the breaks. Messages that are not spec §5 ones carry an `orgSettings:` key.
 */
export const isoWeekdays = ["1", "2", "3", "4", "5", "6", "7"] as const;
export type IsoWeekday = (typeof isoWeekdays)[number];

export const scheduleLimits = {
  name: { max: 100 },
  intervalsPerDay: 8,
  exceptions: 100,
  note: { max: 200 },
} as const;

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const END_OF_DAY = "24:00";
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The custom validation messages (keys of orgSettings.validation). */
export const scheduleMessage = {
  endBeforeStart: "orgSettings:endBeforeStart",
  overlap: "orgSettings:overlap",
  noHours: "orgSettings:noHours",
  duplicateDate: "orgSettings:duplicateDate",
} as const;

/** Minutes since midnight of "HH:MM" (24:00 → 1440); NaN when it is not a time. */
export function timeToMinutes(value: string): number {
  if (value === END_OF_DAY) return 1440;
  if (!TIME.test(value)) return Number.NaN;
  return Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));
}

export function isValidDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const startField = z.string().trim().min(1).regex(TIME);
const endField = z
  .string()
  .trim()
  .min(1)
  .refine((v) => v === END_OF_DAY || TIME.test(v));

export const intervalSchema = z
  .object({ start: startField, end: endField })
  .refine((i) => timeToMinutes(i.start) < timeToMinutes(i.end), {
    path: ["end"],
    message: scheduleMessage.endBeforeStart,
  });

export const dayIntervalsSchema = z
  .array(intervalSchema)
  .max(scheduleLimits.intervalsPerDay)
  .superRefine((intervals, ctx) => {
    const order = intervals
      .map((interval, index) => ({ index, ...interval }))
      .sort((a, b) => timeToMinutes(a.start) - timeToMinutes(b.start));
    for (let i = 1; i < order.length; i++) {
      const previous = order[i - 1]!;
      const current = order[i]!;
      if (timeToMinutes(current.start) < timeToMinutes(previous.end)) {
        ctx.addIssue({
          code: "custom",
          path: [current.index, "start"],
          message: scheduleMessage.overlap,
        });
      }
    }
  });

const weeklyShape = Object.fromEntries(
  isoWeekdays.map((day) => [day, dayIntervalsSchema.default([])]),
) as Record<IsoWeekday, z.ZodDefault<typeof dayIntervalsSchema>>;

export const weeklySchema = z.object(weeklyShape);

export const exceptionSchema = z
  .object({
    date: z.string().trim().min(1).refine(isValidDate),
    closed: z.boolean(),
    intervals: dayIntervalsSchema,
    note: z.string().trim().check(textRule()).max(scheduleLimits.note.max),
  })
  .superRefine((exception, ctx) => {
    if (!exception.closed && exception.intervals.length === 0) {
      ctx.addIssue({ code: "custom", path: ["intervals"], message: scheduleMessage.noHours });
    }
  })
  .transform((exception) => ({
    ...exception,
    intervals: exception.closed ? [] : exception.intervals,
  }));

export const exceptionsSchema = z
  .array(exceptionSchema)
  .max(scheduleLimits.exceptions)
  .superRefine((exceptions, ctx) => {
    const seen = new Set<string>();
    exceptions.forEach((exception, index) => {
      if (seen.has(exception.date)) {
        ctx.addIssue({
          code: "custom",
          path: [index, "date"],
          message: scheduleMessage.duplicateDate,
        });
      }
      seen.add(exception.date);
    });
  });

export const scheduleSchema = z.object({
  name: z.string().trim().check(textRule()).min(1).max(scheduleLimits.name.max),
  timeZone: z.string().trim().min(1).refine(isTimeZone),
  weekly: weeklySchema,
  exceptions: exceptionsSchema,
});
export type ScheduleInput = z.input<typeof scheduleSchema>;
export type ScheduleValues = z.output<typeof scheduleSchema>;

export const updateScheduleSchema = scheduleSchema.extend({
  scheduleId: z.uuid(),
  version: versionSchema,
});
export type UpdateScheduleInput = z.input<typeof updateScheduleSchema>;

export const deleteScheduleSchema = z.object({
  scheduleId: z.uuid(),
  version: versionSchema,
});

/** Weekly hours as stored: closed days left out, each day's intervals in time order. */
export function toWeeklyHours(weekly: Record<IsoWeekday, DayIntervals>): WeeklyHours {
  const out: WeeklyHours = {};
  for (const day of isoWeekdays) {
    const intervals = weekly[day];
    if (intervals.length) out[day] = sortIntervals(intervals);
  }
  return out;
}

export function sortIntervals(intervals: DayIntervals): DayIntervals {
  return [...intervals]
    .map(({ start, end }) => ({ start, end }))
    .sort((a, b) => timeToMinutes(a.start) - timeToMinutes(b.start));
}
