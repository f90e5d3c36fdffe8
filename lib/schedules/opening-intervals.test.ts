import { describe, expect, it } from "vitest";
import { isoWeekday, openingIntervals, zonedWallTimeToInstant } from "./opening-intervals";
import type { ScheduleHours } from "./opening-intervals";

const madrid: ScheduleHours = {
  timeZone: "Europe/Madrid",
  weekly: {
    "1": [
      { start: "09:00", end: "13:00" },
      { start: "15:00", end: "19:00" },
    ],
    "6": [{ start: "10:00", end: "14:00" }],
    "7": [{ start: "00:00", end: "04:00" }],
  },
};

const iso = (intervals: { start: Date; end: Date }[]) =>
  intervals.map((i) => [i.start.toISOString(), i.end.toISOString()]);

describe("isoWeekday", () => {
  it("numbers Monday 1 … Sunday 7", () => {
    expect(isoWeekday("2026-03-23")).toBe(1);
    expect(isoWeekday("2026-03-28")).toBe(6);
    expect(isoWeekday("2026-03-29")).toBe(7);
  });
});

describe("openingIntervals", () => {
  it("gives the weekday's intervals with the break between them, in winter time (UTC+1)", () => {
    expect(iso(openingIntervals(madrid, [], "2026-03-23"))).toEqual([
      ["2026-03-23T08:00:00.000Z", "2026-03-23T12:00:00.000Z"],
      ["2026-03-23T14:00:00.000Z", "2026-03-23T18:00:00.000Z"],
    ]);
  });

  it("uses summer time (UTC+2) after the change", () => {
    expect(iso(openingIntervals(madrid, [], "2026-03-30"))).toEqual([
      ["2026-03-30T07:00:00.000Z", "2026-03-30T11:00:00.000Z"],
      ["2026-03-30T13:00:00.000Z", "2026-03-30T17:00:00.000Z"],
    ]);
  });

  it("a closed weekday has no intervals", () => {
    expect(openingIntervals(madrid, [], "2026-03-24")).toEqual([]);
  });

  it("spring forward in Madrid (29 March 2026): 00:00–04:00 lasts three real hours", () => {
    const [only] = openingIntervals(madrid, [], "2026-03-29");
    expect(only?.start.toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(only?.end.toISOString()).toBe("2026-03-29T02:00:00.000Z");
    expect((only!.end.getTime() - only!.start.getTime()) / 3_600_000).toBe(3);
  });

  it("fall back in Madrid (25 October 2026): 00:00–04:00 lasts five real hours", () => {
    const [only] = openingIntervals(madrid, [], "2026-10-25");
    expect(only?.start.toISOString()).toBe("2026-10-24T22:00:00.000Z");
    expect(only?.end.toISOString()).toBe("2026-10-25T03:00:00.000Z");
    expect((only!.end.getTime() - only!.start.getTime()) / 3_600_000).toBe(5);
  });

  it("a wall time in the spring gap lands after it; a repeated one takes its first occurrence", () => {
    const gap = zonedWallTimeToInstant(Date.UTC(2026, 2, 29, 2, 30), "Europe/Madrid");
    expect(new Date(gap).toISOString()).toBe("2026-03-29T01:30:00.000Z"); // 03:30 CEST
    const repeated = zonedWallTimeToInstant(Date.UTC(2026, 9, 25, 2, 30), "Europe/Madrid");
    expect(new Date(repeated).toISOString()).toBe("2026-10-25T00:30:00.000Z"); // 02:30 CEST
  });

  it("an exception replaces the weekday: closed, or its own hours", () => {
    const exceptions = [
      { date: "2026-03-23", closed: true, intervals: [] },
      { date: "2026-03-24", closed: false, intervals: [{ start: "16:00", end: "24:00" }] },
    ];
    expect(openingIntervals(madrid, exceptions, "2026-03-23")).toEqual([]);
    expect(iso(openingIntervals(madrid, exceptions, "2026-03-24"))).toEqual([
      ["2026-03-24T15:00:00.000Z", "2026-03-24T23:00:00.000Z"],
    ]);
  });

  it("sorts intervals and works in UTC and far-off zones", () => {
    const schedule: ScheduleHours = {
      timeZone: "UTC",
      weekly: {
        "1": [
          { start: "14:00", end: "15:00" },
          { start: "08:00", end: "09:30" },
        ],
      },
    };
    expect(iso(openingIntervals(schedule, [], "2026-03-23"))).toEqual([
      ["2026-03-23T08:00:00.000Z", "2026-03-23T09:30:00.000Z"],
      ["2026-03-23T14:00:00.000Z", "2026-03-23T15:00:00.000Z"],
    ]);
    const kolkata = { timeZone: "Asia/Kolkata", weekly: schedule.weekly };
    expect(iso(openingIntervals(kolkata, [], "2026-03-23"))[0]).toEqual([
      "2026-03-23T02:30:00.000Z",
      "2026-03-23T04:00:00.000Z",
    ]);
  });

  it("refuses a date that does not exist", () => {
    expect(() => openingIntervals(madrid, [], "2026-02-30")).toThrow(RangeError);
  });
});
