import { describe, expect, it } from "vitest";
import { parseWithValidation } from "@/lib/validation/parse";
import {
  dayIntervalsSchema,
  exceptionsSchema,
  scheduleMessage,
  scheduleSchema,
  timeToMinutes,
  toWeeklyHours,
} from "./schedule-schema";

const week = { "1": [], "2": [], "3": [], "4": [], "5": [], "6": [], "7": [] };

describe("schedule validation", () => {
  it("reads times, with 24:00 as the end of the day", () => {
    expect(timeToMinutes("00:00")).toBe(0);
    expect(timeToMinutes("23:59")).toBe(1439);
    expect(timeToMinutes("24:00")).toBe(1440);
    expect(timeToMinutes("24:01")).toBeNaN();
    expect(timeToMinutes("9:00")).toBeNaN();
  });

  it("accepts intervals with a break and refuses start ≥ end and overlaps", () => {
    expect(
      dayIntervalsSchema.safeParse([
        { start: "09:00", end: "13:00" },
        { start: "13:00", end: "17:00" },
      ]).success,
    ).toBe(true);
    const backwards = dayIntervalsSchema.safeParse([{ start: "13:00", end: "09:00" }]);
    expect(backwards.error?.issues[0]?.message).toBe(scheduleMessage.endBeforeStart);
    expect(backwards.error?.issues[0]?.path).toEqual([0, "end"]);
    const overlap = dayIntervalsSchema.safeParse([
      { start: "12:00", end: "18:00" },
      { start: "09:00", end: "13:00" },
    ]);
    expect(overlap.error?.issues[0]?.message).toBe(scheduleMessage.overlap);
    expect(overlap.error?.issues[0]?.path).toEqual([0, "start"]);
    expect(dayIntervalsSchema.safeParse([{ start: "24:00", end: "24:00" }]).success).toBe(false);
    expect(dayIntervalsSchema.safeParse([{ start: "08:00", end: "25:00" }]).success).toBe(false);
  });

  it("exceptions: open days need hours, dates are real and unique", () => {
    const ok = exceptionsSchema.safeParse([
      { date: "2026-12-25", closed: true, intervals: [{ start: "09:00", end: "10:00" }], note: "" },
    ]);
    expect(ok.data?.[0]?.intervals).toEqual([]);
    expect(
      exceptionsSchema.safeParse([{ date: "2026-12-24", closed: false, intervals: [], note: "" }])
        .error?.issues[0]?.message,
    ).toBe(scheduleMessage.noHours);
    expect(
      exceptionsSchema.safeParse([{ date: "2026-02-30", closed: true, intervals: [], note: "" }])
        .success,
    ).toBe(false);
    const twice = exceptionsSchema.safeParse([
      { date: "2026-12-24", closed: true, intervals: [], note: "" },
      { date: "2026-12-24", closed: true, intervals: [], note: "" },
    ]);
    expect(twice.error?.issues[0]?.message).toBe(scheduleMessage.duplicateDate);
  });

  it("the whole schema keeps its own messages beside the spec §5 ones", () => {
    const result = parseWithValidation(scheduleSchema, {
      name: "",
      timeZone: "Mars/Olympus",
      weekly: { ...week, "1": [{ start: "10:00", end: "09:00" }] },
      exceptions: [],
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.fieldErrors.name?.[0]).toBe("validation:required");
    expect(result.fieldErrors.timeZone?.[0]).toBe("validation:format");
    expect(result.fieldErrors.weekly?.[0]).toBe(scheduleMessage.endBeforeStart);
  });

  it("stores weekly hours without closed days, sorted", () => {
    expect(
      toWeeklyHours({
        ...week,
        "2": [
          { start: "15:00", end: "18:00" },
          { start: "09:00", end: "12:00" },
        ],
      }),
    ).toEqual({
      "2": [
        { start: "09:00", end: "12:00" },
        { start: "15:00", end: "18:00" },
      ],
    });
  });
});
