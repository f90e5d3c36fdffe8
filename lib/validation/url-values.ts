import { createParser } from "nuqs/server";

/*
 * Values a list reads from its URL (`?q=`, `?from=`, cursors): whatever a hand-made URL holds,
 * what reaches the database is something PostgreSQL accepts, so a bad value means "no filter"
 * or "no match", never a failed query (a 500).
 */

/**
 * A search box's text as a list filters on it: control and format characters (NUL, which
 * PostgreSQL refuses in text, escape, zero-width marks) become spaces, whitespace is collapsed
 * and trimmed, and at most `max` characters are kept.
 */
export function searchText(text: string | null | undefined, max = 200): string {
  return (text ?? "")
    .replace(/[\p{Cc}\p{Cf}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max)
    .trim();
}

/** nuqs's parser of a search box's `?q=` (searchText; the empty text when absent). */
export const parseAsSearchText = createParser({
  parse: (value: string) => searchText(value),
  serialize: (value: string) => value,
}).withDefault("");

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
