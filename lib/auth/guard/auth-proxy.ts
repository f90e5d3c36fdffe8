import "server-only";
import type { SupabaseClient } from "@supabase/supabase-js";
import { NextResponse, type NextRequest } from "next/server";
import { projectUrl, secureCookies, sessionCookieName } from "@/lib/auth/client/auth-options";
import { pageOriginOf } from "@/lib/auth/server/page-origin";
import { safeGetClaims } from "@/lib/auth/server/claims";
import { createAuthServerClient } from "@/lib/auth/server/server-client";
import { env, hostedAuth } from "@/lib/env";
import { userHasProfile } from "@/lib/profile/profiles";
import { matchRoute } from "@/lib/routes/manifest";
import { decideGuard } from "./guard-decision";
import { verifySessionCookie } from "./session-token";
import {
  createProfileHint,
  PROFILE_HINT_COOKIE,
  profileHintCookieOptions,
  readProfileHint,
} from "./profile-hint";

/**
 * The proxy's session and guard step. A session cookie whose access token has more than 90 s
 * left is verified directly against the in-process key ring (session-token.ts); any other
 * session cookie goes through a supabase-js server client: getClaims() (verified against the
 * JWKS served in-process; a refresh, when under 90 s remain, also runs in-process) and the
 * cookies it writes back. Then the route guard applies (guard-decision.ts).
 * Requests to the auth service itself pass untouched. A request that goes on is handed to
 * `pass` (the proxy's rewrite to the page's locale, or Next's own `next`).
 */
export async function authGuard(
  request: NextRequest,
  pass: (request: NextRequest) => NextResponse = (forwarded) =>
    NextResponse.next({ request: forwarded }),
): Promise<NextResponse> {
  const { pathname, search } = request.nextUrl;
  if (pathname.startsWith("/auth/v1/")) return NextResponse.next();

  let response = pass(request);
  const pending: PendingCookie[] = [];
  // Visitors without a session cookie (most traffic) cost nothing: no client, no key lookup.
  const hosted = hostedAuth();
  const cookieName = sessionCookieName(hosted?.url ?? projectUrl(env().SITE_URL));
  const hasSession = request.cookies.getAll().some(({ name }) => name.startsWith(cookieName));
  if (!hasSession) {
    const decision = decideGuard(pathname, search, { signedIn: false, hasProfile: false });
    return decision.action === "redirect"
      ? NextResponse.redirect(new URL(decision.location, request.nextUrl.origin), 307)
      : response;
  }
  // A fresh token in the cookie is verified here against the in-process keys (fast path);
  // otherwise (near expiry, an odd cookie) the supabase-js client decides and refreshes.
  let client: SupabaseClient | undefined;
  const getClient = async () =>
    (client ??= await createAuthServerClient(
      {
        getAll: () => request.cookies.getAll(),
        setAll: (toSet, cacheHeaders) => {
          for (const { name, value } of toSet) request.cookies.set(name, value);
          response = pass(request);
          for (const cookie of toSet) pending.push(cookie);
          for (const [name, value] of Object.entries(cacheHeaders)) {
            response.headers.set(name, value);
          }
        },
      },
      request.headers.get("x-forwarded-for"),
      pageOriginOf(request.headers),
    ));
  // A hosted project's tokens are signed by its keys: supabase-js checks them (its JWKS).
  const verdict = hosted
    ? ({ kind: "client" } as const)
    : await verifySessionCookie(request.cookies.getAll(), cookieName);
  const claims =
    verdict.kind === "client"
      ? (await safeGetClaims(await getClient())).claims
      : verdict.kind === "valid"
        ? verdict.claims
        : undefined;
  const userId = typeof claims?.sub === "string" ? claims.sub : null;

  const route = matchRoute(pathname)?.route;
  const needsProfile = Boolean(userId && route && route.auth !== "any");
  const hasProfile = needsProfile && userId ? await profileState(request, userId, pending) : false;
  // Only on public-only pages (rare for signed-in users): asks the service whether an aal1
  // user has a verified factor, so that /login can show the TOTP step instead of leaving.
  const mfaPending =
    userId !== null &&
    route?.auth === "public-only" &&
    claims?.aal !== "aal2" &&
    (await hasVerifiedFactor(await getClient()));
  // A public-only page keeps answering its own server actions (POST) after the sign-in they
  // follow: the login page's guest-cart claim runs once the new session exists, and must
  // not be turned into a redirect. Pages (GET) are guarded as ever.
  const actionOnPublicOnly = route?.auth === "public-only" && request.method === "POST";
  const decision = actionOnPublicOnly
    ? ({ action: "next" } as const)
    : decideGuard(pathname, search, {
        signedIn: userId !== null,
        hasProfile,
        mfaPending,
        guest: claims?.is_anonymous === true,
      });

  const out =
    decision.action === "redirect"
      ? NextResponse.redirect(new URL(decision.location, request.nextUrl.origin), 307)
      : response;
  if (out !== response) {
    for (const [name, value] of response.headers) {
      if (name.toLowerCase() === "cache-control" || name.toLowerCase() === "expires") {
        out.headers.set(name, value);
      }
    }
  }
  for (const { name, value, options } of pending) out.cookies.set(name, value, options);
  return out;
}

type PendingCookie = { name: string; value: string; options: object };

async function hasVerifiedFactor(client: SupabaseClient): Promise<boolean> {
  const { data, error } = await client.auth.getUser();
  if (error || !data.user) return false;
  return (data.user.factors ?? []).some((factor) => factor.status === "verified");
}

async function profileState(
  request: NextRequest,
  userId: string,
  pending: PendingCookie[],
): Promise<boolean> {
  const hint = request.cookies.get(PROFILE_HINT_COOKIE)?.value;
  if (await readProfileHint(hint, userId)) return true;
  const present = await userHasProfile(userId);
  if (present) {
    const secure = secureCookies(env().SITE_URL, pageOriginOf(request.headers));
    pending.push({
      name: PROFILE_HINT_COOKIE,
      value: await createProfileHint(userId),
      options: profileHintCookieOptions(secure),
    });
  }
  return present;
}
