import "server-only";
import { isIP } from "node:net";
import { validationFailed } from "@/lib/auth/service/errors";
import { env } from "@/lib/env";

/**
 * Who the WebAuthn relying party is (docs/auth.md "WebAuthn"). The site origin (SITE_URL)
 * and the entries of AUTH_WEBAUTHN_ORIGINS are the origins whose pages may run a ceremony.
 * A request that names its page's origin (browsers send `Origin` with every POST) is bound
 * to that origin; its relying party id is AUTH_WEBAUTHN_RP_ID, else that origin's host. A
 * request without `Origin` (a server-side caller) may be answered by a page on any allowed
 * origin, and its relying party id is AUTH_WEBAUTHN_RP_ID, else the site's host.
 */
export interface WebAuthnSettings {
  passkeys: boolean;
  mfa: boolean;
  /** A fixed relying party id, or null: the host of the ceremony's origin. */
  rpId: string | null;
  rpName: string;
  siteOrigin: string;
  /** The site origin first, then AUTH_WEBAUTHN_ORIGINS (normalised, no duplicates). */
  origins: string[];
}

export interface RelyingParty {
  rpId: string;
  /** The origins the client data may name. */
  origins: string[];
}

function parseOrigin(entry: string): string {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    throw new Error(`Invalid settings:\nAUTH_WEBAUTHN_ORIGINS: "${entry}" is not a URL`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new Error(`Invalid settings:\nAUTH_WEBAUTHN_ORIGINS: "${entry}" is not http(s)`);
  }
  return url.origin;
}

export function webAuthnSettings(): WebAuthnSettings {
  const settings = env();
  const siteOrigin = new URL(settings.SITE_URL).origin;
  const extra = (settings.AUTH_WEBAUTHN_ORIGINS ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map(parseOrigin);
  const rpId = settings.AUTH_WEBAUTHN_RP_ID?.trim().toLowerCase() || null;
  return {
    passkeys: settings.AUTH_PASSKEYS,
    mfa: settings.AUTH_MFA_WEBAUTHN,
    rpId,
    rpName: settings.AUTH_WEBAUTHN_RP_NAME,
    siteOrigin,
    origins: [...new Set([siteOrigin, ...extra])],
  };
}

/** Whether `rpId` is the host of `origin` or a parent domain of it (WebAuthn's rule). */
export function rpIdCoversOrigin(rpId: string, origin: string): boolean {
  const host = new URL(origin).hostname.toLowerCase();
  return host === rpId || host.endsWith(`.${rpId}`);
}

/**
 * The relying party of a ceremony asked for by a request whose `Origin` header is
 * `requestOrigin` (null when absent). Refusals are 400 validation_failed: an origin that
 * is neither the site's nor listed, a host the relying party id does not cover, or an IP
 * address as relying party id (browsers allow WebAuthn on domain names only).
 */
export function relyingParty(
  settings: WebAuthnSettings,
  requestOrigin: string | null,
): RelyingParty {
  let origins = settings.origins;
  let host = new URL(settings.siteOrigin).hostname;
  if (requestOrigin !== null) {
    const allowed = settings.origins.find((origin) => origin === requestOrigin);
    if (!allowed) {
      throw validationFailed(`WebAuthn is not available on origin ${requestOrigin}`);
    }
    origins = [allowed];
    host = new URL(allowed).hostname;
  }
  const rpId = settings.rpId ?? host.toLowerCase();
  if (isIP(rpId.replace(/^\[|\]$/g, "")) !== 0) {
    throw validationFailed(
      "WebAuthn needs a domain name: open the site by its host name, not an IP address",
    );
  }
  const covered = origins.filter((origin) => rpIdCoversOrigin(rpId, origin));
  if (covered.length === 0) {
    throw validationFailed(`The relying party id ${rpId} does not cover this origin`);
  }
  return { rpId, origins: covered };
}
