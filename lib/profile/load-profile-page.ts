import "server-only";
import { redirect } from "next/navigation";
import { getCurrentClaims } from "@/lib/auth/server/session";
import type { UserClaims } from "@/lib/db/context";
import { withRedirect } from "@/lib/auth/guard/redirect-target";
import type { Profile } from "./profile-schema";
import { getOwnProfile } from "./profiles";

/**
 * The page-level check of the profile pages (the proxy guards first; pages check again
 * against the database): the caller's claims and profile, or a redirect to sign in or to
 * create the profile.
 */
export async function requireProfile(
  path: string,
): Promise<{ claims: UserClaims; profile: Profile }> {
  const claims = await getCurrentClaims();
  if (!claims) redirect(withRedirect("/login", path));
  const profile = await getOwnProfile(claims);
  if (!profile) redirect(withRedirect("/profile/create", path));
  return { claims, profile };
}
