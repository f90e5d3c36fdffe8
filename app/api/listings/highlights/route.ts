import { getHighlights } from "@/lib/listings/highlights";
import { parseHighlightsQuery } from "@/lib/listings/highlights-params";

export const dynamic = "force-dynamic";

/**
 * The hub's sections (issue 11 §3), loaded by the hub's island after the page is interactive
 * (components/hub/hub-highlights.tsx): `{ newest, topRated, near? }`, `near` only for `lat`
 * and `lng`. Public data, cached by tag on the server and for a minute by the browser.
 */
export async function GET(request: Request) {
  const query = parseHighlightsQuery(new URL(request.url).searchParams);
  if (!query) {
    return Response.json(
      { error: "bad_request" },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  const highlights = await getHighlights(query.near);
  return Response.json(highlights, { headers: { "Cache-Control": "public, max-age=60" } });
}
