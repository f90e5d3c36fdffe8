import "server-only";
import type { JwtPayload, SupabaseClient } from "@supabase/supabase-js";

export type ClaimsResult =
  { claims: JwtPayload; error: null } | { claims: null; error: { code?: string } | null };

/**
 * `auth.getClaims()` that answers "no user" instead of throwing. auth-js returns its own
 * errors (network failures included, as retryable errors), but a token it cannot decode
 * makes it throw plain ones: `abc.def.ghi` ("Invalid UTF-8 sequence", a JSON SyntaxError),
 * `alg: none` or an algorithm that does not fit the key under that kid ("Invalid alg
 * claim", a WebCrypto error). A malformed session is a visitor without a session (401/404
 * as each route answers, never 5xx): such a throw is reported as auth-js's `invalid_jwt`
 * (and logged without the token, in case it ever hides something else).
 */
export async function safeGetClaims(
  client: SupabaseClient,
  token?: string,
  options?: { allowExpired?: boolean },
): Promise<ClaimsResult> {
  try {
    const { data, error } = await client.auth.getClaims(token, options);
    if (error || !data?.claims) return { claims: null, error: error ?? null };
    return { claims: data.claims, error: null };
  } catch (thrown) {
    const reason = thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : "unknown";
    console.warn(`[auth] unreadable access token treated as no session (${reason})`);
    return { claims: null, error: { code: "invalid_jwt" } };
  }
}
