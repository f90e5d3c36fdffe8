import "server-only";
import { AuthError } from "@/lib/auth/service/errors";

/**
 * SSO with SAML 2.0 is not served: `/sso` and `/saml/*` answer as GoTrue does when SAML is
 * off (404 saml_provider_disabled "SAML 2.0 is disabled"; auth-js signInWithSSO returns it as
 * its error).
 */
export async function samlDisabled(): Promise<Response> {
  throw new AuthError(404, "saml_provider_disabled", "SAML 2.0 is disabled");
}
