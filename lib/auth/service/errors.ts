/**
 * An expected failure of the auth service, answered in GoTrue's error shape by
 * lib/auth/service/http.ts. `code` is GoTrue's error code (auth-js maps some of them to
 * typed errors: weak_password, session_not_found).
 */
export class AuthError extends Error {
  readonly status: number;
  readonly code: string;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;
  /** Answered as an OAuth error (`{error, error_description}`), as GoTrue does for some grants. */
  readonly oauth: boolean;

  constructor(
    status: number,
    code: string,
    message: string,
    options: {
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
      oauth?: boolean;
    } = {},
  ) {
    super(message);
    this.name = "AuthError";
    this.status = status;
    this.code = code;
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
    this.oauth = options.oauth ?? false;
  }
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message);
export const unprocessable = (code: string, message: string) => new AuthError(422, code, message);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);

export const validationFailed = (message: string) => badRequest("validation_failed", message);

export const INVALID_LOGIN = "Invalid login credentials";

/** GoTrue's oauthError: 400 `{error, error_description}` whatever the API version. */
export const oauthError = (error: string, description: string) =>
  new AuthError(400, error, description, { oauth: true });
