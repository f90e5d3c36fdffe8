import "server-only";
import { randomUUID } from "node:crypto";
import { count, desc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { identities, sessions, users } from "@/lib/auth/schema";
import { parseGoDuration, requireAdmin } from "@/lib/auth/service/admin-bearer";
import { recordAudit } from "@/lib/auth/service/audit";
import { AuthError, badRequest, unprocessable, validationFailed } from "@/lib/auth/service/errors";
import { withProviders } from "@/lib/auth/service/app-metadata";
import { mergeMetadata } from "@/lib/auth/service/handlers/user";
import { readJsonBody, type RequestInfo } from "@/lib/auth/service/http";
import { hashPassword } from "@/lib/auth/service/passwords";
import { auditName } from "@/lib/auth/service/sessions";
import {
  findUserByEmail,
  findUserById,
  findUserByPhone,
  loadUserDto,
  type UserDto,
  type UserRow,
} from "@/lib/auth/service/users";
import { assertPasswordPolicy } from "@/lib/auth/service/password-policy";
import {
  normalizeEmail,
  normalizePhone,
  nullableRecord,
  nullableString,
  parseBody,
} from "@/lib/auth/service/validation";
import { withSystemContext, type Tx } from "@/lib/db/context";
import { isUuid } from "@/lib/validation/uuid";

/**
 * The admin endpoints (supabase-js `auth.admin.*` with the service_role key): list (paged,
 * X-Total-Count and Link headers as GoTrue), get, create, update, delete users.
 */
const DEFAULT_PER_PAGE = 50;
const MAX_PER_PAGE = 1000;

const nullableBoolean = z
  .boolean()
  .nullish()
  .transform((v) => v ?? undefined);

const userAttributes = z.object({
  id: nullableString,
  email: nullableString,
  phone: nullableString,
  password: nullableString,
  email_confirm: nullableBoolean,
  phone_confirm: nullableBoolean,
  user_metadata: nullableRecord,
  app_metadata: nullableRecord,
  ban_duration: nullableString,
  role: nullableString,
});
type UserAttributes = z.infer<typeof userAttributes>;

const userNotFound = () => new AuthError(404, "user_not_found", "User not found");

function pageParam(value: string | null, fallback: number, max: number): number {
  if (!value) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1)
    throw badRequest("validation_failed", "Bad Pagination Parameters");
  return Math.min(number, max);
}

/** GET /admin/users?page=&per_page= → `{users, aud}` with X-Total-Count and Link. */
export async function handleListUsers(
  request: Request,
): Promise<{ body: { users: UserDto[]; aud: string }; headers: Record<string, string> }> {
  await requireAdmin(request);
  const url = new URL(request.url);
  const page = pageParam(url.searchParams.get("page"), 1, Number.MAX_SAFE_INTEGER);
  const perPage = pageParam(url.searchParams.get("per_page"), DEFAULT_PER_PAGE, MAX_PER_PAGE);
  return withSystemContext("auth: admin list users", async (tx) => {
    const [totalRow] = await tx.select({ n: count() }).from(users).where(isNull(users.deletedAt));
    const total = totalRow?.n ?? 0;
    const rows = await tx
      .select()
      .from(users)
      .where(isNull(users.deletedAt))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(perPage)
      .offset((page - 1) * perPage);
    const list: UserDto[] = [];
    for (const row of rows) list.push(await loadUserDto(tx, row));
    const lastPage = Math.max(1, Math.ceil(total / perPage));
    const link = (p: number, rel: string) =>
      `</auth/v1/admin/users?page=${p}&per_page=${perPage}>; rel="${rel}"`;
    const links = [...(page < lastPage ? [link(page + 1, "next")] : []), link(lastPage, "last")];
    return {
      body: { users: list, aud: "authenticated" },
      headers: { "X-Total-Count": String(total), Link: links.join(", ") },
    };
  });
}

export async function loadTarget(tx: Tx, id: string): Promise<UserRow> {
  if (!isUuid(id)) throw userNotFound();
  const user = await findUserById(tx, id);
  if (!user) throw userNotFound();
  return user;
}

/** GET /admin/users/{id}. */
export async function handleGetUserById(request: Request, id: string): Promise<UserDto> {
  await requireAdmin(request);
  return withSystemContext("auth: admin get user", async (tx) =>
    loadUserDto(tx, await loadTarget(tx, id)),
  );
}

function banUntil(duration: string | undefined): Date | null | undefined {
  if (duration === undefined) return undefined;
  if (duration === "none") return null;
  const ms = parseGoDuration(duration);
  if (ms === undefined) throw badRequest("validation_failed", "invalid format for ban duration");
  return new Date(Date.now() + ms);
}

async function assertAddressFree(tx: Tx, kind: "email" | "phone", address: string, self?: string) {
  const holder =
    kind === "email" ? await findUserByEmail(tx, address) : await findUserByPhone(tx, address);
  if (holder && holder.id !== self) {
    throw kind === "email"
      ? unprocessable("email_exists", "A user with this email address has already been registered")
      : unprocessable("phone_exists", "A user with this phone number has already been registered");
  }
}

interface Prepared {
  attributes: UserAttributes;
  email?: string;
  phone?: string;
  passwordHash?: string;
}

async function prepare(request: Request): Promise<Prepared> {
  const attributes = parseBody(userAttributes, await readJsonBody(request));
  const email = attributes.email ? normalizeEmail(attributes.email) : undefined;
  const phone = attributes.phone ? normalizePhone(attributes.phone) : undefined;
  if (attributes.password !== undefined) assertPasswordPolicy(attributes.password);
  const passwordHash =
    attributes.password !== undefined ? await hashPassword(attributes.password) : undefined;
  return { attributes, email, phone, passwordHash };
}

/** POST /admin/users: a user with email and/or phone, confirmed when asked. */
export async function handleCreateUser(request: Request, info: RequestInfo): Promise<UserDto> {
  await requireAdmin(request);
  const { attributes, email, phone, passwordHash } = await prepare(request);
  if (!email && !phone)
    throw validationFailed("Cannot create a user without either an email or phone");
  if (attributes.id && !isUuid(attributes.id)) throw validationFailed("id must be an UUID");
  const bannedUntil = banUntil(attributes.ban_duration);
  return withSystemContext("auth: admin create user", async (tx) => {
    if (email) await assertAddressFree(tx, "email", email);
    if (phone) await assertAddressFree(tx, "phone", phone);
    if (attributes.id && (await findUserById(tx, attributes.id))) {
      throw unprocessable("user_already_exists", "User already registered");
    }
    const now = new Date();
    const id = attributes.id ?? randomUUID();
    const provider = email ? "email" : "phone";
    const providers = [...(email ? ["email"] : []), ...(phone ? ["phone"] : [])];
    const [user] = await tx
      .insert(users)
      .values({
        id,
        aud: "authenticated",
        role: attributes.role ?? "authenticated",
        email: email ?? null,
        phone: phone ?? null,
        encryptedPassword: passwordHash ?? "",
        emailConfirmedAt: email && attributes.email_confirm ? now : null,
        phoneConfirmedAt: phone && attributes.phone_confirm ? now : null,
        rawAppMetaData: { ...(attributes.app_metadata ?? {}), provider, providers },
        rawUserMetaData: attributes.user_metadata ?? {},
        bannedUntil: bannedUntil ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!user) throw new Error("User insert returned no row.");
    for (const [kind, address] of [
      ["email", email],
      ["phone", phone],
    ] as const) {
      if (!address) continue;
      await tx.insert(identities).values({
        providerId: id,
        userId: id,
        provider: kind,
        identityData: {
          sub: id,
          [kind]: address,
          email_verified: kind === "email" && !!attributes.email_confirm,
          phone_verified: kind === "phone" && !!attributes.phone_confirm,
        },
        createdAt: now,
        updatedAt: now,
      });
    }
    await recordAudit(tx, { id, username: auditName(user), ip: info.ip }, "user_signedup", {
      provider,
      via: "admin",
    });
    return loadUserDto(tx, user);
  });
}

async function setAddress(
  tx: Tx,
  user: UserRow,
  kind: "email" | "phone",
  address: string,
  confirm: boolean | undefined,
  changes: Partial<typeof users.$inferInsert>,
): Promise<void> {
  await assertAddressFree(tx, kind, address, user.id);
  const now = new Date();
  const [identity] = await tx
    .select()
    .from(identities)
    .where(eq(identities.userId, user.id))
    .then((rows) => rows.filter((row) => row.provider === kind));
  const data = { [kind]: address, [`${kind}_verified`]: !!confirm };
  if (identity) {
    await tx
      .update(identities)
      .set({ identityData: { ...identity.identityData, ...data }, updatedAt: now })
      .where(eq(identities.id, identity.id));
  } else {
    await tx.insert(identities).values({
      providerId: user.id,
      userId: user.id,
      provider: kind,
      identityData: { sub: user.id, ...data },
      createdAt: now,
      updatedAt: now,
    });
  }
  // As GoTrue: the address is set directly; its confirmation changes only when asked.
  if (kind === "email") {
    changes.email = address;
    if (confirm) changes.emailConfirmedAt = now;
  } else {
    changes.phone = address;
    if (confirm) changes.phoneConfirmedAt = now;
  }
}

/** PUT /admin/users/{id}: addresses, confirmation, password, metadata (merged), role, ban. */
export async function handleAdminUpdateUser(
  request: Request,
  info: RequestInfo,
  id: string,
): Promise<UserDto> {
  await requireAdmin(request);
  const { attributes, email, phone, passwordHash } = await prepare(request);
  const bannedUntil = banUntil(attributes.ban_duration);
  return withSystemContext("auth: admin update user", async (tx) => {
    const user = await loadTarget(tx, id);
    const now = new Date();
    const changes: Partial<typeof users.$inferInsert> = {};
    if (email) await setAddress(tx, user, "email", email, attributes.email_confirm, changes);
    else if (attributes.email_confirm && user.email) changes.emailConfirmedAt = now;
    if (phone) await setAddress(tx, user, "phone", phone, attributes.phone_confirm, changes);
    else if (attributes.phone_confirm && user.phone) changes.phoneConfirmedAt = now;
    if (email || phone) {
      changes.rawAppMetaData = await withProviders(tx, user);
      changes.isAnonymous = false;
    }
    if (passwordHash) changes.encryptedPassword = passwordHash;
    if (attributes.user_metadata) {
      changes.rawUserMetaData = mergeMetadata(user.rawUserMetaData ?? {}, attributes.user_metadata);
    }
    if (attributes.app_metadata) {
      changes.rawAppMetaData = mergeMetadata(
        changes.rawAppMetaData ?? user.rawAppMetaData ?? {},
        attributes.app_metadata,
      );
    }
    if (attributes.role) changes.role = attributes.role;
    if (bannedUntil !== undefined) changes.bannedUntil = bannedUntil;
    if (Object.keys(changes).length === 0) return loadUserDto(tx, user);
    const [updated] = await tx
      .update(users)
      .set({ ...changes, updatedAt: now })
      .where(eq(users.id, user.id))
      .returning();
    if (bannedUntil) await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await recordAudit(
      tx,
      { id: user.id, username: auditName(updated ?? user), ip: info.ip },
      "user_modified",
      { via: "admin" },
    );
    return loadUserDto(tx, updated ?? user);
  });
}

const deleteBody = z.object({ should_soft_delete: nullableBoolean });

/**
 * DELETE /admin/users/{id}: removes the user with identities and sessions; with
 * should_soft_delete the row stays with deleted_at set and its addresses cleared.
 */
export async function handleAdminDeleteUser(
  request: Request,
  info: RequestInfo,
  id: string,
): Promise<Record<string, never>> {
  await requireAdmin(request);
  const body = parseBody(deleteBody, await readJsonBody(request));
  return withSystemContext("auth: admin delete user", async (tx) => {
    const user = await loadTarget(tx, id);
    if (body.should_soft_delete) {
      await tx.delete(identities).where(eq(identities.userId, user.id));
      await tx.delete(sessions).where(eq(sessions.userId, user.id));
      await tx
        .update(users)
        .set({
          email: null,
          phone: null,
          encryptedPassword: "",
          rawUserMetaData: {},
          deletedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(users.id, user.id));
    } else {
      await tx.delete(users).where(eq(users.id, user.id));
    }
    await recordAudit(tx, { id: user.id, username: auditName(user), ip: info.ip }, "user_deleted", {
      user_id: user.id,
      soft: !!body.should_soft_delete,
    });
    return {};
  });
}
