import "server-only";
import { withSystemContext, type UserClaims } from "@/lib/db/context";
import { env } from "@/lib/env";
import { AppError, isUniqueViolation } from "@/lib/errors/app-error";
import type { Locale } from "@/lib/i18n/config";
import { enqueueMail, type PendingMail } from "@/lib/mail/send";
import { recordAudit } from "@/lib/audit/record";
import { consumeRateLimit } from "@/lib/rate-limit/rate-limit";
import { createBuiltinRoles } from "./builtin-roles";
import {
  CONTACT_VERIFY_HOURS,
  contactVerifyLink,
  newVerificationToken,
} from "./contact-email-tokens";
import type { RegisterOrganisationValues } from "./organisation-schema";
import { employments, organisationContactEmails, organisations } from "./schema";

/** Registrations per user per hour. */
export const REGISTER_LIMIT = { limit: 10, windowSeconds: 3600 } as const;

/**
 * Registers an organisation: the organisation, its built-in roles, the creator as owner,
 * the contact address (verified at once when it is the creator's own verified address,
 * otherwise a verification link is sent) and the audit entry, in one transaction.
 *
 * A system context, named: creating a tenant and its first owner is not a write a member
 * makes (there is no member yet), so no user policy can allow it. The checks are here: a
 * signed-in, non-anonymous user; the rate limit; the slug's uniqueness (the unique index).
 */
export async function registerOrganisation(
  claims: UserClaims,
  input: RegisterOrganisationValues,
  locale: Locale,
): Promise<{ id: string }> {
  if (claims.is_anonymous === true) throw new AppError("notFound");
  const limit = await consumeRateLimit({
    key: `organisation-register:${claims.sub}`,
    ...REGISTER_LIMIT,
  });
  if (!limit.allowed) throw new AppError("rateLimited");

  const userEmail = typeof claims.email === "string" ? claims.email.toLowerCase() : "";
  const contactEmail = input.contactEmail.toLowerCase();
  const verified = userEmail !== "" && userEmail === contactEmail;
  let pending: PendingMail | null = null;

  try {
    const organisation = await withSystemContext("organisations: register", async (tx) => {
      const [created] = await tx
        .insert(organisations)
        .values({
          name: input.name,
          slug: input.slug,
          country: input.country,
          timeZone: input.timeZone,
          currency: input.currency,
          locale,
          createdBy: claims.sub,
        })
        .returning();
      if (!created) throw new Error("The organisation was not created.");
      const roleIds = await createBuiltinRoles(tx, created.id);
      await tx.insert(employments).values({
        organisationId: created.id,
        userId: claims.sub,
        roleId: roleIds.owner,
        status: "active",
      });
      const token = verified ? null : newVerificationToken();
      await tx.insert(organisationContactEmails).values({
        organisationId: created.id,
        email: contactEmail,
        isPrimary: true,
        verifiedAt: verified ? new Date() : null,
        tokenHash: token?.hash ?? null,
        tokenExpiresAt: token?.expiresAt ?? null,
        lastSentAt: token ? new Date() : null,
      });
      await recordAudit(tx, {
        organisationId: created.id,
        actorUserId: claims.sub,
        action: "settings.organisation.create",
        resourceType: "organisation",
        resourceId: created.id,
        after: { ...created, contactEmail },
      });
      if (token) {
        pending = await enqueueMail(tx, {
          to: contactEmail,
          template: "organisationContactVerify",
          locale,
          data: {
            organisationName: created.name,
            email: contactEmail,
            link: contactVerifyLink(env().SITE_URL, created.id, token.token),
            hours: CONTACT_VERIFY_HOURS,
          },
        });
      }
      return created;
    });
    await (pending as PendingMail | null)?.deliver();
    return { id: organisation.id };
  } catch (error) {
    if (isUniqueViolation(error, "organisations_slug_key")) throw new AppError("slugTaken", "slug");
    throw error;
  }
}
