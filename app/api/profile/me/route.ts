import { getCurrentClaims } from "@/lib/auth/server/session";
import { getOwnProfile } from "@/lib/profile/profiles";

export const dynamic = "force-dynamic";

/** The caller's profile as JSON, or the text `null` when there is none (spec §7). */
export async function GET() {
  const claims = await getCurrentClaims();
  if (!claims) {
    return Response.json({ error: "not_signed_in" }, { status: 401, headers: noStore });
  }
  return Response.json(await getOwnProfile(claims), { headers: noStore });
}

const noStore = { "Cache-Control": "private, no-store" };
