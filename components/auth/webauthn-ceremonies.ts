import type { BrowserAuthClient } from "@/lib/auth/client/browser-client";
import { webauthnAvailable, webauthnErrorKey, type WebAuthnErrorKey } from "./webauthn-errors";

/**
 * The browser side of the WebAuthn ceremonies, loaded only when a button asks for one (its
 * own chunk: nothing of it is in a page's first load). Each answers null on success or the
 * message key of what went wrong.
 *
 * Passkeys go through auth-js (signInWithPasskey, registerPasskey: options from the
 * service, navigator.credentials, verification). The MFA factor calls navigator.credentials
 * itself with the service's options as they are: auth-js's `mfa.webauthn` helpers merge in
 * defaults for roaming security keys only (authenticatorAttachment "cross-platform"), which
 * would hide the device's own authenticator.
 */
type Outcome = WebAuthnErrorKey | null;

export async function signInWithPasskey(client: BrowserAuthClient): Promise<Outcome> {
  if (!webauthnAvailable()) return "unsupported";
  const { error } = await client.auth.signInWithPasskey();
  return error ? webauthnErrorKey(error) : null;
}

export async function registerPasskey(client: BrowserAuthClient): Promise<Outcome> {
  if (!webauthnAvailable()) return "unsupported";
  const { error } = await client.auth.registerPasskey();
  return error ? webauthnErrorKey(error) : null;
}

/**
 * One ceremony of a WebAuthn MFA factor: registration while the factor is unverified (the
 * service answers creation options), else authentication. Either ends with an aal2 session.
 */
export async function verifyWebAuthnFactor(
  client: BrowserAuthClient,
  factorId: string,
): Promise<Outcome> {
  if (!webauthnAvailable()) return "unsupported";
  const challenge = await client.auth.mfa.challenge({
    factorId,
    webauthn: { rpId: window.location.hostname, rpOrigins: [window.location.origin] },
  });
  if (challenge.error) return webauthnErrorKey(challenge.error);
  const data = challenge.data;
  if (data?.type !== "webauthn") return "failed";
  let credential: Credential | null;
  try {
    credential =
      data.webauthn.type === "create"
        ? await navigator.credentials.create({
            publicKey: data.webauthn.credential_options
              .publicKey as PublicKeyCredentialCreationOptions,
          })
        : await navigator.credentials.get({
            publicKey: data.webauthn.credential_options
              .publicKey as PublicKeyCredentialRequestOptions,
          });
  } catch (failure) {
    return webauthnErrorKey(failure);
  }
  if (!credential) return "cancelled";
  const { error } = await client.auth.mfa.verify({
    factorId,
    challengeId: data.id,
    webauthn: {
      type: data.webauthn.type,
      rpId: window.location.hostname,
      rpOrigins: [window.location.origin],
      credential_response: credential as never,
    },
  } as Parameters<BrowserAuthClient["auth"]["mfa"]["verify"]>[0]);
  return error ? webauthnErrorKey(error) : null;
}

/** Enrols a WebAuthn factor and registers the authenticator for it (then aal2). */
export async function enrollWebAuthnFactor(
  client: BrowserAuthClient,
  friendlyName: string,
): Promise<Outcome> {
  if (!webauthnAvailable()) return "unsupported";
  const { data, error } = await client.auth.mfa.enroll({
    factorType: "webauthn",
    ...(friendlyName ? { friendlyName } : {}),
  });
  if (error || !data) return webauthnErrorKey(error);
  const outcome = await verifyWebAuthnFactor(client, data.id);
  // A ceremony that did not finish leaves no half-made factor behind.
  if (outcome) await client.auth.mfa.unenroll({ factorId: data.id });
  return outcome;
}
