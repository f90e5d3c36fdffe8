import "server-only";
import { decodeProtectedHeader, jwtVerify } from "jose";
import { AuthError } from "@/lib/auth/service/errors";
import { findPublicKey, LEGACY_ALGORITHM, verifyLegacySecret } from "@/lib/auth/service/keys";

/**
 * The `apikey` a request carries (header, or the `apikey` query parameter as Supabase's
 * gateway also reads). Decision (docs/auth.md "The apikey"): the contract asks that the
 * official clients work as against a hosted project; they always send the key, but GoTrue
 * itself never checks it (the gateway does) and links opened from emails or the provider's
 * redirect carry none. So a missing key is served, and a key that is present must be one of
 * ours (role anon or service_role, signed by an active key or with the legacy
 * AUTH_JWT_SECRET; the issuer is not compared, so a changed SITE_URL keeps the stored keys
 * valid and a Supabase project's keys work): otherwise 401 with the gateway's
 * answer, so that a client configured with a wrong key fails here as it would on Supabase.
 */
const ROLES = new Set(["anon", "service_role"]);

export function apiKeyOf(request: Request): string | null {
  const header = request.headers.get("apikey")?.trim();
  if (header) return header;
  return new URL(request.url).searchParams.get("apikey")?.trim() || null;
}

export async function checkApiKey(request: Request): Promise<void> {
  const key = apiKeyOf(request);
  if (!key) return;
  let role: unknown = null;
  try {
    const { alg, kid } = decodeProtectedHeader(key);
    if (alg === LEGACY_ALGORITHM) {
      // A Supabase project's anon / service_role key, signed with AUTH_JWT_SECRET.
      role = (await verifyLegacySecret(key))?.role ?? null;
    } else {
      const publicKey = kid ? await findPublicKey(kid) : undefined;
      if (publicKey && publicKey.alg === alg) {
        ({
          payload: { role },
        } = await jwtVerify(key, publicKey.key, { algorithms: [publicKey.alg] }));
      }
    }
  } catch {
    role = null;
  }
  if (typeof role !== "string" || !ROLES.has(role)) {
    throw new AuthError(401, "invalid_api_key", "Invalid API key", {
      extra: { hint: "Double check your Supabase `anon` or `service_role` API key." },
    });
  }
}
