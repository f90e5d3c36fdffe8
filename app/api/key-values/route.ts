import { getPublicKeyValues } from "@/lib/settings/key-values";

export const dynamic = "force-dynamic";

/** The public settings map the app loads at startup (spec §7). */
export async function GET() {
  const map = await getPublicKeyValues();
  return Response.json(map, {
    headers: { "Cache-Control": "public, max-age=60, stale-while-revalidate=300" },
  });
}
