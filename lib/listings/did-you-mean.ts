/**
 * "Did you mean …" for a search that found nothing (issue 11 §3). The database proposes the
 * words corrected against its dictionary of published titles and the titles closest to the
 * words (app.search_correct_words and app.search_listing_matches with a low threshold,
 * migration 0019); this puts them in the order the page offers them. Pure, so it is tested
 * without a database.
 */

/** Lower case without accents: "Café" → "cafe", as the search's unaccent does. */
export function foldText(text: string): string {
  return text
    .toLocaleLowerCase()
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The corrected words first (when there are any), then the closest titles, at most `max`,
 * none equal to the query or to one another (compared without case and accents).
 */
export function searchSuggestions(
  query: string,
  corrected: string | null,
  titles: readonly string[],
  max = 4,
): string[] {
  const seen = new Set<string>([foldText(query)]);
  const out: string[] = [];
  for (const text of [corrected, ...titles]) {
    if (!text || out.length >= max) continue;
    const key = foldText(text);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push(text.trim());
  }
  return out;
}
