import "server-only";
import type { Factor, UserIdentity } from "@supabase/supabase-js";
import { getCurrentUser } from "@/lib/auth/server/session";
import type { UserClaims } from "@/lib/db/context";
import { needsAal2 } from "./assurance";

export type SecurityState = {
  /** aal1 session of a user with a verified factor: the settings wait for the TOTP step. */
  locked: boolean;
  email: string | null;
  newEmail: string | null;
  phone: string | null;
  newPhone: string | null;
  identities: UserIdentity[];
  factors: Factor[];
};

/**
 * What the security part of /profile/update shows, read from the auth service as GET /user
 * answers it (the session must still exist, and the factors are the database's, not the
 * cookie's). The session's level comes from the verified claims. Null without a user.
 */
export async function loadSecurityState(claims: UserClaims): Promise<SecurityState | null> {
  const user = await getCurrentUser();
  if (!user) return null;
  const factors = user.factors ?? [];
  return {
    locked: needsAal2(claims.aal, factors),
    email: user.email || null,
    newEmail: user.new_email || null,
    phone: user.phone || null,
    newPhone: user.new_phone || null,
    identities: user.identities ?? [],
    factors,
  };
}
