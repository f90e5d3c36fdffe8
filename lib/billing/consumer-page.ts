import "server-only";
import { redirect } from "next/navigation";
import { withRedirect } from "@/lib/auth/guard/redirect-target";
import { requireProfile } from "@/lib/profile/load-profile-page";
import type { BillingOwner } from "./owner";

/**
 * The consumer billing pages' check: a signed-in user with a profile (a guest signs in or
 * registers first: cards belong to an account), as the billing owner.
 */
export async function requireBillingUser(path: string): Promise<BillingOwner> {
  const { claims } = await requireProfile(path);
  if (claims.is_anonymous) redirect(withRedirect("/login", path));
  return { kind: "user", userId: claims.sub, claims };
}
