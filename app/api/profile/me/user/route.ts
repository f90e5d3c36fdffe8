import { getCurrentUser } from "@/lib/auth/server/session";

export const dynamic = "force-dynamic";

/** The caller's auth user (GoTrue's user object, identities included). */
export async function GET() {
  const user = await getCurrentUser();
  const headers = { "Cache-Control": "private, no-store" };
  if (!user) return Response.json({ error: "not_signed_in" }, { status: 401, headers });
  return Response.json(user, { headers });
}
