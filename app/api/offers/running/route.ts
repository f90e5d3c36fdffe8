import { cachedRunningOfferCount } from "@/lib/commerce/offers-public";

export const dynamic = "force-dynamic";

/**
 * Whether any offer runs (`{ running }`), for the commerce section bar's "Offers"
 * (components/layout/commerce-sections.ts). Public data, cached by tag on the server for a
 * minute at most, and for a minute by the browser.
 */
export async function GET() {
  const running = (await cachedRunningOfferCount()) > 0;
  return Response.json({ running }, { headers: { "Cache-Control": "public, max-age=60" } });
}
