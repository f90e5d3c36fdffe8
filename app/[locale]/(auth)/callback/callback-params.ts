/**
 * What the /callback URL carries (spec §5 "Returning from a provider"): an error (which
 * aborts sign-in), a PKCE `code`, GoTrue's `message` (half of a secure email change), or
 * tokens. Pure, for tests.
 *
 * Decision (issue 2.1, "a link can sign a victim into someone else's account"): /callback
 * only completes a sign-in that this browser started. Every flow the app starts is PKCE
 * (`@supabase/ssr` forces it): the code is useless without the verifier cookie written when
 * the flow began. Tokens in the URL (the implicit flow: `#access_token=…&refresh_token=…`)
 * prove nothing about who started the flow, anyone can paste their own into a link, so
 * they never become this browser's session. The one exception is an invitation
 * (`type=invite`): an admin's invitation arrives in a browser that started nothing, so it
 * leads to a page where the invitee sees the address and sets a password before the session
 * is kept (callback/actions.ts `acceptInvitationAction`).
 */
export type CallbackParams = Record<string, string | string[] | undefined>;

export type CallbackErrorKey =
  | "linkExpired"
  | "otherBrowser"
  | "denied"
  | "notStartedHere"
  | "signedInAsOther"
  | "notPkce"
  | "invalidJwt"
  | "failed";

export type CallbackRequest =
  | { kind: "error"; key: CallbackErrorKey; code: string | null }
  | { kind: "code"; code: string }
  | { kind: "message" }
  | { kind: "none" };

function first(params: CallbackParams, name: string): string | null {
  const value = params[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text ? text : null;
}

/** The message key of an error reported in the URL by the auth service. */
export function urlErrorKey(error: string | null, errorCode: string | null): CallbackErrorKey {
  if (errorCode === "otp_expired" || errorCode === "flow_state_expired") return "linkExpired";
  if (error === "access_denied") return "denied";
  return "failed";
}

const TOKEN_PARAMS = ["access_token", "refresh_token", "provider_token", "provider_refresh_token"];

/** The query of /callback, as the server sees it (the fragment never reaches it). */
export function readCallback(params: CallbackParams): CallbackRequest {
  const error = first(params, "error");
  const errorCode = first(params, "error_code");
  if (error || errorCode || first(params, "error_description")) {
    return { kind: "error", key: urlErrorKey(error, errorCode), code: errorCode ?? error };
  }
  // Tokens in the query are refused before anything else: nothing in them is used.
  if (TOKEN_PARAMS.some((name) => first(params, name))) {
    return { kind: "error", key: "notStartedHere", code: null };
  }
  const code = first(params, "code");
  if (code) return { kind: "code", code };
  // The first of the two confirmations of a secure email change: no session, a message.
  if (first(params, "message")) return { kind: "message" };
  return { kind: "none" };
}

/** What the browser does with the fragment of /callback (the server never sees it). */
export type HashAction =
  | { kind: "reload"; query: string }
  | { kind: "invite"; accessToken: string; refreshToken: string }
  | { kind: "refuse" }
  | { kind: "none" };

/**
 * Errors and messages (nothing secret) move into the query and the page reloads, so the
 * server shows them. Tokens never go into a URL: an invitation's are handed to the
 * invitation form, any other set is refused on the spot.
 */
export function readHash(search: string, hash: string): HashAction {
  const fragment = new URLSearchParams(hash.startsWith("#") ? hash.slice(1) : hash);
  if ([...fragment.keys()].length === 0) return { kind: "none" };
  if (TOKEN_PARAMS.some((name) => fragment.get(name))) {
    const accessToken = fragment.get("access_token");
    const refreshToken = fragment.get("refresh_token");
    if (fragment.get("type") === "invite" && accessToken && refreshToken) {
      return { kind: "invite", accessToken, refreshToken };
    }
    return { kind: "refuse" };
  }
  const query = new URLSearchParams(search);
  for (const [name, value] of fragment) query.set(name, value);
  return { kind: "reload", query: query.toString() };
}

/** The service's error code of a failed exchange, as a message key. */
export function exchangeErrorKey(code: string | undefined): CallbackErrorKey {
  switch (code) {
    case "pkce_code_verifier_not_found":
      return "otherBrowser";
    case "invalid_jwt":
      // auth-js getClaims: the token's signature does not verify against the JWKS.
      return "invalidJwt";
    case "flow_state_not_found":
    case "flow_state_expired":
    case "bad_code_verifier":
    case "otp_expired":
    case "refresh_token_not_found":
    case "refresh_token_already_used":
    case "session_not_found":
    case "bad_jwt":
      return "linkExpired";
    default:
      return "failed";
  }
}
