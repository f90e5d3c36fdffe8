import { describe, expect, it } from "vitest";
import { uuid, parse, FORMAT } from "@/tests/support/schema-parse";
import orgSettingsEn from "@/messages/en/orgSettings.json";
import orgSettingsEs from "@/messages/es/orgSettings.json";
import {
  dayIntervalsSchema,
  deleteScheduleSchema,
  exceptionSchema,
  exceptionsSchema,
  intervalSchema,
  isoWeekdays,
  isValidDate,
  scheduleMessage,
  scheduleSchema,
  sortIntervals,
  timeToMinutes,
  toWeeklyHours,
  updateScheduleSchema,
  weeklySchema,
} from "@/lib/schedules/schedule-schema";

/**
 * The schedule form's schema, rule by rule, beside lib/schedules/schedule-schema.test.ts:
 * times and dates at their edges, the order-independent overlap check, the weekly shape
 * and the exceptions. Written against the mutants StrykerJS made of it (docs/testing.md,
 * "Mutation testing").
 */

/** The issues of a plain parse: path and message. */
function issues(
  schema: { safeParse(input: unknown): { error?: { issues: unknown[] } } },
  input: unknown,
) {
  return (schema.safeParse(input).error?.issues ?? []).map((issue) => {
    const { path, message } = issue as { path: PropertyKey[]; message: string };
    return { path, message };
  });
}

const interval = (start: string, end: string) => ({ start, end });

describe("schedule: times and dates", () => {
  it("reads every valid time to its minute and nothing else", () => {
    expect(timeToMinutes("09:30")).toBe(570);
    expect(timeToMinutes("19:05")).toBe(1145);
    expect(timeToMinutes("20:00")).toBe(1200);
    expect(timeToMinutes("23:59")).toBe(1439);
    for (const bad of [
      "24:30",
      "12:60",
      "1:00",
      "x12:00",
      "12:00x",
      "012:00",
      "12:000",
      "a1:00",
      "12-00",
      "",
    ]) {
      expect(timeToMinutes(bad), bad).toBeNaN();
    }
  });

  it("accepts real calendar dates only, written YYYY-MM-DD", () => {
    for (const ok of ["2026-01-01", "2026-01-31", "2026-12-31", "2024-02-29", "2026-04-30"]) {
      expect(isValidDate(ok), ok).toBe(true);
    }
    for (const bad of [
      "2026-02-29",
      "2026-04-31",
      "2026-13-01",
      "2026-00-10",
      "2026-01-00",
      "2026-1-01",
      "2026-01-011",
      "12026-01-01",
      "x2026-01-01",
      "2026/01/01",
      "abcd-ef-gh",
      // JavaScript's Date reads years 0–99 as 1900–1999.
      "0050-01-01",
      "0099-12-31",
    ]) {
      expect(isValidDate(bad), bad).toBe(false);
    }
  });

  it("an interval: a start from 00:00 to 23:59, an end up to 24:00, the start first", () => {
    expect(intervalSchema.parse(interval(" 00:00 ", " 24:00 "))).toEqual(
      interval("00:00", "24:00"),
    );
    expect(intervalSchema.parse(interval("23:00", "23:59"))).toEqual(interval("23:00", "23:59"));
    // 24:00 is no start; nor does anything end after it.
    expect(issues(intervalSchema, interval("24:00", "24:00"))).toEqual([
      expect.objectContaining({ path: ["start"] }),
      { path: ["end"], message: "orgSettings:endBeforeStart" },
    ]);
    expect(issues(intervalSchema, interval("10:00", "10:00"))).toEqual([
      { path: ["end"], message: "orgSettings:endBeforeStart" },
    ]);
    expect(issues(intervalSchema, interval("10:00", "09:59"))).toEqual([
      { path: ["end"], message: "orgSettings:endBeforeStart" },
    ]);
    // The order check runs too (an unreadable time never counts as before): the form shows
    // each field's first message.
    const END = "orgSettings:endBeforeStart";
    expect(parse(intervalSchema, interval("", "10:00")).errors).toEqual({
      start: ["validation:required", "validation:required"],
      end: [END],
    });
    expect(parse(intervalSchema, interval("x09:00", "10:00")).errors).toEqual({
      start: [FORMAT],
      end: [END],
    });
    expect(parse(intervalSchema, interval("09:00", "x10:00")).errors).toEqual({
      end: [FORMAT, END],
    });
    expect(parse(intervalSchema, interval("09:00", "24:01")).errors).toEqual({
      end: [FORMAT, END],
    });
    expect(parse(intervalSchema, interval("09:00", " ")).errors).toEqual({
      end: ["validation:required", FORMAT, END],
    });
  });

  it("its own messages are keys of the orgSettings catalogue, in both languages", () => {
    expect(scheduleMessage).toEqual({
      endBeforeStart: "orgSettings:endBeforeStart",
      overlap: "orgSettings:overlap",
      noHours: "orgSettings:noHours",
      duplicateDate: "orgSettings:duplicateDate",
    });
    for (const catalogue of [orgSettingsEn, orgSettingsEs]) {
      const validation = (catalogue as { validation: Record<string, string> }).validation;
      for (const key of Object.values(scheduleMessage)) {
        expect(validation[key.replace("orgSettings:", "")], key).toEqual(expect.any(String));
      }
    }
  });
});

describe("schedule: a day's intervals", () => {
  it("touching intervals are fine in any order; each overlap is named on the later start", () => {
    expect(
      dayIntervalsSchema.parse([
        interval("13:00", "17:00"),
        interval("18:00", "24:00"),
        interval("09:00", "13:00"),
      ]),
    ).toHaveLength(3);
    expect(
      issues(dayIntervalsSchema, [
        interval("09:00", "12:00"),
        interval("16:00", "20:00"),
        interval("11:59", "14:00"),
        interval("19:00", "21:00"),
      ]),
    ).toEqual([
      { path: [2, "start"], message: "orgSettings:overlap" },
      { path: [3, "start"], message: "orgSettings:overlap" },
    ]);
    expect(
      issues(dayIntervalsSchema, [interval("08:00", "18:00"), interval("08:00", "09:00")]),
    ).toEqual([{ path: [1, "start"], message: "orgSettings:overlap" }]);
  });

  it("the week: every ISO weekday, a missing day closed ([]), other keys dropped", () => {
    expect(isoWeekdays).toEqual(["1", "2", "3", "4", "5", "6", "7"]);
    const week = Object.fromEntries(
      isoWeekdays.map((day, i) => [day, [interval(`0${i}:00`, `0${i}:30`)]]),
    );
    expect(weeklySchema.parse({ ...week, "8": [interval("01:00", "02:00")] })).toEqual(week);
    expect(weeklySchema.parse({})).toEqual({
      "1": [],
      "2": [],
      "3": [],
      "4": [],
      "5": [],
      "6": [],
      "7": [],
    });
  });

  it("stored weekly hours keep only open days, each sorted, with only start and end", () => {
    const extra = { ...interval("15:00", "18:00"), note: "x" };
    expect(
      toWeeklyHours({
        "1": [],
        "2": [],
        "3": [],
        "4": [],
        "5": [],
        "6": [],
        "7": [extra, interval("09:00", "12:00")],
      }),
    ).toEqual({ "7": [interval("09:00", "12:00"), interval("15:00", "18:00")] });
    expect(
      sortIntervals([
        interval("20:00", "21:00"),
        interval("08:00", "09:00"),
        interval("12:00", "13:00"),
      ]),
    ).toEqual([interval("08:00", "09:00"), interval("12:00", "13:00"), interval("20:00", "21:00")]);
  });
});

describe("schedule: exceptions and the whole form", () => {
  const open = {
    date: " 2026-12-24 ",
    closed: false,
    intervals: [interval("09:00", "13:00")],
    note: " Eve ",
  };

  it("an open exception keeps its hours; a closed one drops them; an open one needs hours", () => {
    expect(exceptionSchema.parse(open)).toEqual({
      date: "2026-12-24",
      closed: false,
      intervals: [interval("09:00", "13:00")],
      note: "Eve",
    });
    expect(exceptionSchema.parse({ ...open, closed: true }).intervals).toEqual([]);
    expect(issues(exceptionSchema, { ...open, intervals: [] })).toEqual([
      { path: ["intervals"], message: "orgSettings:noHours" },
    ]);
    expect(issues(exceptionSchema, { ...open, closed: true, intervals: [] })).toEqual([]);
    expect(parse(exceptionSchema, { ...open, date: "2026-02-30", closed: "yes" }).errors).toEqual({
      date: [FORMAT],
      closed: [FORMAT],
    });
    expect(parse(exceptionSchema, { ...open, date: " " }).errors).toEqual({
      date: ["validation:required", FORMAT],
    });
  });

  it("the same date twice is named on the second one, each time", () => {
    const day = (date: string) => ({ date, closed: true, intervals: [], note: "" });
    expect(
      issues(exceptionsSchema, [
        day("2026-12-24"),
        day("2026-12-25"),
        day("2026-12-24"),
        day("2026-12-24"),
      ]),
    ).toEqual([
      { path: [2, "date"], message: "orgSettings:duplicateDate" },
      { path: [3, "date"], message: "orgSettings:duplicateDate" },
    ]);
    expect(issues(exceptionsSchema, [day("2026-12-24"), day("2026-12-25")])).toEqual([]);
  });

  const schedule = { name: " Shop ", timeZone: " Europe/Madrid ", weekly: {}, exceptions: [] };

  it("the whole schedule, its update (id and version) and its deletion", () => {
    expect(parse(scheduleSchema, schedule).data).toMatchObject({
      name: "Shop",
      timeZone: "Europe/Madrid",
    });
    expect(parse(scheduleSchema, { ...schedule, timeZone: "Mars/Olympus" }).errors).toEqual({
      timeZone: [FORMAT],
    });
    expect(parse(scheduleSchema, { ...schedule, name: " ", timeZone: "" }).errors).toEqual({
      name: ["validation:required"],
      timeZone: ["validation:required", FORMAT],
    });
    expect(
      parse(updateScheduleSchema, { ...schedule, scheduleId: uuid, version: "3" }).data,
    ).toMatchObject({ scheduleId: uuid, version: 3, name: "Shop" });
    expect(
      parse(updateScheduleSchema, { ...schedule, scheduleId: "s", version: "0" }).errors,
    ).toEqual({
      scheduleId: [FORMAT],
      version: [FORMAT],
    });
    expect(parse(deleteScheduleSchema, { scheduleId: uuid, version: "2" })).toEqual({
      data: { scheduleId: uuid, version: 2 },
    });
    for (const version of ["0", "1.5"]) {
      expect(parse(deleteScheduleSchema, { scheduleId: uuid, version }).errors).toEqual({
        version: [FORMAT],
      });
    }
  });
});
