import type { DayIntervals, WeeklyHours } from "./schema";
import { isValidDate, timeToMinutes } from "./schedule-schema";

/** What a booking module needs of a schedule. */
export interface ScheduleHours {
  timeZone: string;
  weekly: WeeklyHours;
}

export interface ScheduleException {
  /** "YYYY-MM-DD", a local date in the schedule's time zone. */
  date: string;
  closed: boolean;
  intervals: DayIntervals;
}

/** One opening interval as instants: [start, end). */
export interface OpeningInterval {
  start: Date;
  end: Date;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock of an instant in a time zone, as if it were UTC (milliseconds). */
function wallClock(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour! % 24,
    parts.minute!,
    parts.second!,
  );
}

function offsetAt(instant: number, timeZone: string): number {
  return wallClock(instant, timeZone) - instant;
}

const HOUR = 3_600_000;

/**
 * The instant at which a zone's clocks show a wall time (given as UTC milliseconds). When
 * the time occurs twice (clocks going back) the first occurrence wins; when it does not
 * occur (clocks going forward) it is read with the offset before the change, i.e. it lands
 * after the gap (02:30 on a spring-forward night in Madrid is 03:30 summer time).
 */
export function zonedWallTimeToInstant(wall: number, timeZone: string): number {
  const before = wall - offsetAt(wall - 12 * HOUR, timeZone);
  const after = wall - offsetAt(wall + 12 * HOUR, timeZone);
  const exact = [before, after].filter((t) => wallClock(t, timeZone) === wall);
  return exact.length ? Math.min(...exact) : before;
}

/** ISO weekday (1 Monday … 7 Sunday) of a "YYYY-MM-DD" date. */
export function isoWeekday(date: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return day === 0 ? 7 : day;
}

/**
 * When the place is open on a local date: the exception of that date if there is one
 * (closed → none, otherwise its hours), else the weekly hours of its weekday; each local
 * "HH:MM" turned into an instant in the schedule's time zone (DST days are shorter or
 * longer: an interval spanning the change lasts its real length). Sorted, empty ones dropped.
 */
export function openingIntervals(
  schedule: ScheduleHours,
  exceptions: readonly ScheduleException[],
  date: string,
): OpeningInterval[] {
  if (!isValidDate(date)) throw new RangeError(`Not a date: ${date}`);
  const exception = exceptions.find((e) => e.date === date);
  const intervals = exception
    ? exception.closed
      ? []
      : exception.intervals
    : (schedule.weekly[String(isoWeekday(date)) as keyof WeeklyHours] ?? []);
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const midnight = Date.UTC(y, m - 1, d);
  const instant = (time: string) =>
    zonedWallTimeToInstant(midnight + timeToMinutes(time) * 60_000, schedule.timeZone);
  return intervals
    .map((interval) => ({ start: instant(interval.start), end: instant(interval.end) }))
    .filter((i) => Number.isFinite(i.start) && Number.isFinite(i.end) && i.start < i.end)
    .sort((a, b) => a.start - b.start)
    .map((i) => ({ start: new Date(i.start), end: new Date(i.end) }));
}
