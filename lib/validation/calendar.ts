/*
 * Days and times typed by people or written into URLs by hand, accepted only when PostgreSQL
 * and JavaScript both read them as the same real moment: a bad one is "no filter" (URLs) or a
 * field error (forms), never a failed query (a 500) or a silently different date.
 */

/**
 * The years a typed day may fall in: PostgreSQL has no year 0, and the day after 9999-12-31
 * (an inclusive "to" is read up to the next midnight) is year 10000, which neither it nor
 * JavaScript's ISO text (`+010000-…`) handles.
 */
export const FIRST_YEAR = 1;
export const LAST_YEAR = 9998;

const DAY = /^(\d{4})-\d{2}-\d{2}$/;

/** A calendar day as YYYY-MM-DD: a real day (no 30 February) of a year in range. */
export function isCalendarDay(text: string | null | undefined): text is string {
  const match = DAY.exec(text ?? "");
  if (!match) return false;
  const year = Number(match[1]);
  if (year < FIRST_YEAR || year > LAST_YEAR) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/;

/**
 * A UTC timestamp with microseconds as PostgreSQL prints it (2026-11-22T07:35:00.123456Z),
 * of a real day in range and a real time of day.
 */
export function isMicrosecondTimestamp(text: string): boolean {
  const match = TIMESTAMP.exec(text);
  if (!match) return false;
  const [, day, hours, minutes, seconds] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
  ];
  return isCalendarDay(day) && Number(hours) < 24 && Number(minutes) < 60 && Number(seconds) < 60;
}

const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;

/**
 * A datetime-local value (2026-12-01T09:00) of a form: a real day of a four-digit year up to
 * LAST_YEAR (Date.UTC reads the years 0–99 as 1900–1999) and a real time of day.
 */
export function isLocalDateTime(text: string): boolean {
  const match = LOCAL_DATE_TIME.exec(text);
  if (!match) return false;
  const [, day, hours, minutes] = match as unknown as [string, string, string, string];
  return (
    Number(day.slice(0, 4)) >= 1000 &&
    isCalendarDay(day) &&
    Number(hours) < 24 &&
    Number(minutes) < 60
  );
}
