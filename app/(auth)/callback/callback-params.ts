/**
 * What the /callback URL carries (spec §5 "Returning from a provider"): an error (which
 * aborts sign-in), a PKCE `code`, or an implicit session (access_token, refresh_token and
 * expires_at, all three needed). Pure, for tests.
 */
export type CallbackParams = Record<string, string | string[] | undefined>;

export type CallbackErrorKey =
  "linkExpired" | "otherBrowser" | "denied" | "noSession" | "notPkce" | "invalidJwt" | "failed";

export type CallbackRequest =
  | { kind: "error"; key: CallbackErrorKey; code: string | null }
  | { kind: "code"; code: string }
  | { kind: "session"; accessToken: string; refreshToken: string }
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

export function readCallback(params: CallbackParams): CallbackRequest {
  const error = first(params, "error");
  const errorCode = first(params, "error_code");
  if (error || errorCode || first(params, "error_description")) {
    return { kind: "error", key: urlErrorKey(error, errorCode), code: errorCode ?? error };
  }
  const code = first(params, "code");
  if (code) return { kind: "code", code };
  // The first of the two confirmations of a secure email change: no session, a message.
  if (first(params, "message")) return { kind: "message" };
  const accessToken = first(params, "access_token");
  const refreshToken = first(params, "refresh_token");
  const expiresAt = first(params, "expires_at");
  if (accessToken || refreshToken || expiresAt) {
    if (!accessToken || !refreshToken || !expiresAt) {
      return { kind: "error", key: "noSession", code: null };
    }
    return { kind: "session", accessToken, refreshToken };
  }
  return { kind: "none" };
}

/** The hash fragment's parameters merged into the query (the hash wins), or null if empty. */
export function hashToQuery(search: string, hash: string): string | null {
  const fragment = new URLSearchParams(hash.startsWith("#") ? hash.slice(1) : hash);
  if ([...fragment.keys()].length === 0) return null;
  const query = new URLSearchParams(search);
  for (const [name, value] of fragment) query.set(name, value);
  return query.toString();
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
