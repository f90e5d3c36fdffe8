import { matchRoute } from "@/lib/routes/manifest";
import { REDIRECT_PARAM, safeRedirectTarget, withRedirect } from "./redirect-target";

/**
 * The route guard of spec §4, as a pure decision over the routes manifest:
 * - public-only route with a signed-in user → the redirect target, or / (not while the
 *   user's MFA step is pending: the login page finishes it; never for a guest);
 * - skip-auth route → left alone;
 * - any other route without a user → /login?redirect={full path};
 * - signed-in without a profile on a route needing one → /profile/create?redirect={path};
 * - no-profile route with a profile → the redirect target, or / if it is the creation page.
 * A target that would send the user straight back through the guard (a public-only or
 * no-profile page) becomes / so that no redirect loop can form.
 */
export const LOGIN_PATH = "/login";
export const PROFILE_CREATE_PATH = "/profile/create";

export type GuardState = {
  signedIn: boolean;
  hasProfile: boolean;
  /**
   * Signed in at aal1 by a user with a verified MFA factor: the sign-in is not finished
   * (the login page's TOTP step), so public-only pages stay reachable.
   */
  mfaPending?: boolean;
  /**
   * Signed in as a guest (anonymous sign-in, e.g. made for a cart): the sign-in and
   * registration pages stay open, so the guest can become someone and keep the cart.
   */
  guest?: boolean;
};
export type GuardDecision = { action: "next" } | { action: "redirect"; location: string };

const NEXT: GuardDecision = { action: "next" };

export function decideGuard(pathname: string, search: string, state: GuardState): GuardDecision {
  const route = matchRoute(pathname)?.route;
  if (!route || route.auth === "any") return NEXT;
  const params = new URLSearchParams(search);
  const fullPath = `${pathname}${search && search !== "?" ? (search.startsWith("?") ? search : `?${search}`) : ""}`;

  if (route.auth === "public-only") {
    return state.signedIn && !state.mfaPending && !state.guest
      ? redirect(targetOrHome(params.get(REDIRECT_PARAM)))
      : NEXT;
  }
  if (!state.signedIn) return redirect(withRedirect(LOGIN_PATH, fullPath));
  if (route.profile === "required" && !state.hasProfile) {
    return redirect(withRedirect(PROFILE_CREATE_PATH, fullPath));
  }
  if (route.profile === "no-profile" && state.hasProfile) {
    return redirect(targetOrHome(params.get(REDIRECT_PARAM)));
  }
  return NEXT;
}

/** A same-site target that does not loop back through the guard, else `/`. */
export function targetOrHome(value: string | null | undefined): string {
  const target = safeRedirectTarget(value);
  if (!target) return "/";
  const route = matchRoute(new URL(target, "http://guard.invalid").pathname)?.route;
  if (!route || route.auth === "public-only" || route.profile === "no-profile") return "/";
  return target;
}

function redirect(location: string): GuardDecision {
  return { action: "redirect", location };
}
