import "server-only";
import { createHash, randomBytes } from "node:crypto";

/** Hours a contact-address verification link stays valid. */
export const CONTACT_VERIFY_HOURS = 48;

/** A new verification token: the raw value goes in the link, only its hash is stored. */
export function newVerificationToken(): { token: string; hash: string; expiresAt: Date } {
  const token = randomBytes(32).toString("base64url");
  return {
    token,
    hash: hashVerificationToken(token),
    expiresAt: new Date(Date.now() + CONTACT_VERIFY_HOURS * 3_600_000),
  };
}

export function hashVerificationToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function contactVerifyLink(siteUrl: string, organisationId: string, token: string): string {
  const url = new URL(
    `/backoffice/organisation/${organisationId}/settings/contact/email/verify`,
    siteUrl,
  );
  url.searchParams.set("token", token);
  return url.toString();
}
