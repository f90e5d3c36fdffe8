import "server-only";
import { lockOrganisationScope } from "@/lib/db/advisory-lock";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { ActionState } from "@/lib/backoffice/action-state";
import { runCommand, type CommandConfig, type CommandContext } from "@/lib/backoffice/doors";
import { recordAudit } from "@/lib/audit/record";
import { withSystemContext, withUserContext, type UserClaims } from "@/lib/db/context";
import { env } from "@/lib/env";
import { AppError, isUniqueViolation } from "@/lib/errors/app-error";
import { isLocale } from "@/lib/i18n/config";
import { sendMail, type SendMailInput } from "@/lib/mail/send";
import { consumeRateLimit } from "@/lib/rate-limit/rate-limit";
import { isUuid } from "./access";
import {
  addContactEmailSchema,
  contactEmailIdSchema,
  contactEmailLimits,
} from "./contact-email-schema";
import {
  CONTACT_VERIFY_HOURS,
  contactVerifyLink,
  hashVerificationToken,
  newVerificationToken,
} from "./contact-email-tokens";
import { employments, organisationContactEmails } from "./schema";

/**
 * The organisation's contact addresses. An address is *used* (shown as the organisation's
 * contact on its public pages, written to) only once its verification link has been
 * followed; until then it is "pending". The primary is the one shown: only a verified
 * address can become primary, and `usableContactEmail` returns the primary only if verified.
 */
export interface ContactEmail {
  id: string;
  email: string;
  label: string;
  isPrimary: boolean;
  verifiedAt: Date | null;
  tokenExpiresAt: Date | null;
  lastSentAt: Date | null;
  /** verified; pending (link still valid); expired (link out of date: resend). */
  status: "verified" | "pending" | "expired";
}

const columns = {
  id: organisationContactEmails.id,
  email: organisationContactEmails.email,
  label: organisationContactEmails.label,
  isPrimary: organisationContactEmails.isPrimary,
  verifiedAt: organisationContactEmails.verifiedAt,
  tokenExpiresAt: organisationContactEmails.tokenExpiresAt,
  lastSentAt: organisationContactEmails.lastSentAt,
};

/** Sends (adds and resends) per user per hour, and the wait between two sends to one address. */
export const CONTACT_SEND_LIMIT = { limit: 10, windowSeconds: 3600 } as const;
export const CONTACT_RESEND_COOLDOWN_SECONDS = 60;

export async function listContactEmails(
  claims: UserClaims,
  organisationId: string,
): Promise<ContactEmail[]> {
  if (!isUuid(organisationId)) return [];
  const rows = await withUserContext(claims, (tx) =>
    tx
      .select(columns)
      .from(organisationContactEmails)
      .where(eq(organisationContactEmails.organisationId, organisationId))
      .orderBy(desc(organisationContactEmails.isPrimary), asc(organisationContactEmails.createdAt))
      .limit(contactEmailLimits.count),
  );
  const now = Date.now();
  return rows.map((row) => ({
    ...row,
    status: row.verifiedAt
      ? "verified"
      : row.tokenExpiresAt && row.tokenExpiresAt.getTime() > now
        ? "pending"
        : "expired",
  }));
}

/** The address public pages show: the primary, and only when it is verified. */
export async function usableContactEmail(organisationId: string): Promise<string | null> {
  if (!isUuid(organisationId)) return null;
  const [row] = await withSystemContext("organisations: public contact email", (tx) =>
    tx
      .select({ email: organisationContactEmails.email })
      .from(organisationContactEmails)
      .where(
        and(
          eq(organisationContactEmails.organisationId, organisationId),
          eq(organisationContactEmails.isPrimary, true),
          sql`${organisationContactEmails.verifiedAt} is not null`,
        ),
      )
      .limit(1),
  );
  return row?.email ?? null;
}

type VerificationMail = SendMailInput<"organisationContactVerify">;

/**
 * The verification email, composed in the command and sent after the commit: the dev outbox
 * refuses rows written as `authenticated`, so ctx.mail cannot be used from a user
 * transaction. A failed send is logged; the link can be resent.
 */
function verificationMail(
  ctx: CommandContext<unknown>,
  email: string,
  token: string,
): VerificationMail {
  const organisation = ctx.access.organisation;
  return {
    to: email,
    template: "organisationContactVerify",
    locale: isLocale(organisation.locale) ? organisation.locale : "en",
    data: {
      organisationName: organisation.name,
      email,
      link: contactVerifyLink(env().SITE_URL, organisation.id, token),
      hours: CONTACT_VERIFY_HOURS,
    },
  };
}

async function deliverAfterCommit<R extends { mail: VerificationMail | null }>(
  result: ActionState<R>,
): Promise<ActionState<Omit<R, "mail">>> {
  if (result.status !== "done") return result;
  const { mail, ...data } = result.data;
  if (mail) {
    try {
      await sendMail(mail);
    } catch (error) {
      console.error("organisations: contact verification email failed", error);
    }
  }
  return { status: "done", data };
}

async function withinSendLimit(claims: UserClaims | null): Promise<boolean> {
  if (!claims) return true;
  const result = await consumeRateLimit({
    key: `organisation-contact-send:${claims.sub}`,
    ...CONTACT_SEND_LIMIT,
  });
  return result.allowed;
}

const addContactEmailCommand = {
  permission: "settings.contact.write",
  schema: addContactEmailSchema,
  async run(ctx) {
    const { tx, access, input } = ctx;
    const organisationId = access.organisation.id;
    // Two adds at once must not both pass the count.
    await lockOrganisationScope(tx, "settings.contact", organisationId);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(organisationContactEmails)
      .where(eq(organisationContactEmails.organisationId, organisationId));
    if (n >= contactEmailLimits.count) throw new AppError("limitReached");
    const token = newVerificationToken();
    let created;
    try {
      [created] = await tx
        .insert(organisationContactEmails)
        .values({
          organisationId,
          email: input.email,
          label: input.label,
          tokenHash: token.hash,
          tokenExpiresAt: token.expiresAt,
          lastSentAt: new Date(),
        })
        .returning(columns);
    } catch (error) {
      if (isUniqueViolation(error, "organisation_contact_emails_email_key")) {
        throw new AppError("emailTaken", "email");
      }
      throw error;
    }
    if (!created) throw new Error("The address was not added.");
    await ctx.audit({
      action: "settings.contact.create",
      resourceType: "contactEmail",
      resourceId: created.id,
      after: created,
    });
    return { id: created.id, mail: verificationMail(ctx, created.email, token.token) };
  },
} satisfies CommandConfig<typeof addContactEmailSchema, { id: string; mail: VerificationMail }>;

/** Adds an address and mails its verification link (rate-limited per user). */
export async function addContactEmail(
  claims: UserClaims | null,
  organisationId: unknown,
  input: unknown,
): Promise<ActionState<{ id: string }>> {
  if (!(await withinSendLimit(claims))) return { status: "error", code: "rateLimited" };
  return deliverAfterCommit(
    await runCommand(claims, organisationId, input, addContactEmailCommand),
  );
}

const resendContactEmailCommand = {
  permission: "settings.contact.write",
  schema: contactEmailIdSchema,
  async run(ctx) {
    const { tx, access, input } = ctx;
    const where = and(
      eq(organisationContactEmails.id, input.contactEmailId),
      eq(organisationContactEmails.organisationId, access.organisation.id),
    );
    const [row] = await tx
      .select(columns)
      .from(organisationContactEmails)
      .where(where)
      .for("update");
    if (!row) throw new AppError("notFound");
    if (row.verifiedAt) return { id: row.id, sent: false, mail: null };
    const since = row.lastSentAt ? Date.now() - row.lastSentAt.getTime() : Infinity;
    if (since < CONTACT_RESEND_COOLDOWN_SECONDS * 1000) throw new AppError("rateLimited");
    const token = newVerificationToken();
    await tx
      .update(organisationContactEmails)
      .set({ tokenHash: token.hash, tokenExpiresAt: token.expiresAt, lastSentAt: new Date() })
      .where(where);
    await ctx.audit({
      action: "settings.contact.resend",
      resourceType: "contactEmail",
      resourceId: row.id,
      after: { email: row.email },
    });
    return { id: row.id, sent: true, mail: verificationMail(ctx, row.email, token.token) };
  },
} satisfies CommandConfig<
  typeof contactEmailIdSchema,
  { id: string; sent: boolean; mail: VerificationMail | null }
>;

/**
 * Sends a new link to a pending address (the old link stops working). At most one send per
 * address per minute, and the per-user hourly limit.
 */
export async function resendContactEmail(
  claims: UserClaims | null,
  organisationId: unknown,
  input: unknown,
): Promise<ActionState<{ id: string; sent: boolean }>> {
  if (!(await withinSendLimit(claims))) return { status: "error", code: "rateLimited" };
  return deliverAfterCommit(
    await runCommand(claims, organisationId, input, resendContactEmailCommand),
  );
}

/** Removes an address; the primary cannot be removed (make another one primary first). */
export const removeContactEmailCommand = {
  permission: "settings.contact.write",
  schema: contactEmailIdSchema,
  async run({ tx, access, input, audit }) {
    const where = and(
      eq(organisationContactEmails.id, input.contactEmailId),
      eq(organisationContactEmails.organisationId, access.organisation.id),
    );
    const [row] = await tx
      .select(columns)
      .from(organisationContactEmails)
      .where(where)
      .for("update");
    if (!row) throw new AppError("notFound");
    if (row.isPrimary) throw new AppError("primaryContact");
    await tx.delete(organisationContactEmails).where(where);
    await audit({
      action: "settings.contact.delete",
      resourceType: "contactEmail",
      resourceId: row.id,
      before: row,
    });
    return { id: row.id };
  },
} satisfies CommandConfig<typeof contactEmailIdSchema, { id: string }>;

/** Makes a verified address the primary (the one public pages show). */
export const makePrimaryContactEmailCommand = {
  permission: "settings.contact.write",
  schema: contactEmailIdSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    const rows = await tx
      .select(columns)
      .from(organisationContactEmails)
      .where(eq(organisationContactEmails.organisationId, organisationId))
      .for("update");
    const row = rows.find((r) => r.id === input.contactEmailId);
    if (!row) throw new AppError("notFound");
    if (!row.verifiedAt) throw new AppError("notVerified");
    const previous = rows.find((r) => r.isPrimary) ?? null;
    if (previous?.id === row.id) return { id: row.id };
    await tx
      .update(organisationContactEmails)
      .set({ isPrimary: sql`${organisationContactEmails.id} = ${row.id}` })
      .where(eq(organisationContactEmails.organisationId, organisationId));
    await audit({
      action: "settings.contact.primary",
      resourceType: "contactEmail",
      resourceId: row.id,
      before: { primary: previous?.email ?? null },
      after: { primary: row.email },
    });
    return { id: row.id };
  },
} satisfies CommandConfig<typeof contactEmailIdSchema, { id: string }>;

export type VerifyOutcome = "verified" | "alreadyVerified" | "expired" | "invalid";

/**
 * Follows a verification link. The caller is a signed-in member of the organisation (the
 * page checks); the token proves control of the address. A member cannot update the row
 * under RLS without settings.contact.write, so this runs in a narrowly named system
 * context, after checking that the caller is an active member, the token's hash is found, it belongs to this organisation and it has not
 * expired. The token stays stored (hashed) after use, so following the link again says
 * "already verified" rather than "invalid".
 */
export async function verifyContactEmail(
  claims: UserClaims,
  organisationId: string,
  token: string,
): Promise<VerifyOutcome> {
  if (!isUuid(organisationId) || token.length < 20 || token.length > 200) return "invalid";
  const hash = hashVerificationToken(token);
  return withSystemContext("organisations: verify contact email", async (tx) => {
    const [member] = await tx
      .select({ id: employments.id })
      .from(employments)
      .where(
        and(
          eq(employments.organisationId, organisationId),
          eq(employments.userId, claims.sub),
          eq(employments.status, "active"),
        ),
      );
    if (!member) return "invalid";
    const [row] = await tx
      .select(columns)
      .from(organisationContactEmails)
      .where(
        and(
          eq(organisationContactEmails.tokenHash, hash),
          eq(organisationContactEmails.organisationId, organisationId),
        ),
      )
      .for("update");
    if (!row) return "invalid";
    if (row.verifiedAt) return "alreadyVerified";
    if (!row.tokenExpiresAt || row.tokenExpiresAt.getTime() <= Date.now()) return "expired";
    const verifiedAt = new Date();
    await tx
      .update(organisationContactEmails)
      .set({ verifiedAt })
      .where(eq(organisationContactEmails.id, row.id));
    await recordAudit(tx, {
      organisationId,
      actorUserId: claims.sub,
      action: "settings.contact.verify",
      resourceType: "contactEmail",
      resourceId: row.id,
      before: { email: row.email, verifiedAt: null },
      after: { email: row.email, verifiedAt },
    });
    return "verified";
  });
}
