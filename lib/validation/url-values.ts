import { createParser } from "nuqs/server";

/*
 * Text a list reads from its URL (`?q=`): whatever a hand-made URL holds, what reaches the
 * database is something PostgreSQL accepts, so a bad value means "no match", never a failed
 * query (a 500). Days and times: ./calendar.ts.
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
