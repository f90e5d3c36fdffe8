import "server-only";
import { and, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { identities, sessions, users } from "@/lib/auth/schema";
import { recordAudit } from "@/lib/auth/service/audit";
import { loadBearer, verifyBearer } from "@/lib/auth/service/bearer";
import { authConfig } from "@/lib/auth/service/config";
import { unprocessable } from "@/lib/auth/service/errors";
import { readJsonBody, type RequestInfo } from "@/lib/auth/service/http";
import { hashPassword, verifyPassword } from "@/lib/auth/service/passwords";
import { withProviders } from "@/lib/auth/service/app-metadata";
import { auditName } from "@/lib/auth/service/sessions";
import {
  findUserByEmail,
  findUserByPhone,
  loadUserDto,
  type UserDto,
  type UserRow,
} from "@/lib/auth/service/users";
import {
  assertStrongPassword,
  normalizeEmail,
  normalizePhone,
  nullableRecord,
  nullableString,
  parseBody,
} from "@/lib/auth/service/validation";
import { withSystemContext, type Tx } from "@/lib/db/context";

/** GET /user: the bearer's user. */
export async function handleGetUser(request: Request): Promise<UserDto> {
  const bearer = await verifyBearer(request);
  return withSystemContext("auth: get user", async (tx) => {
    const { user } = await loadBearer(tx, bearer);
    return loadUserDto(tx, user);
  });
}

const updateBody = z.object({
  email: nullableString,
  phone: nullableString,
  password: nullableString,
  data: nullableRecord,
});

/** GoTrue's merge: top-level keys of `data` replace, null removes. */
export function mergeMetadata(
  current: Record<string, unknown>,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const merged = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

const confirmationUnavailable = (what: string) =>
  unprocessable(
    "validation_failed",
    `Changing the ${what} needs a confirmation message, which this server does not send; set AUTH_AUTOCONFIRM to change it directly`,
  );

async function changeAddress(
  tx: Tx,
  user: UserRow,
  kind: "email" | "phone",
  address: string,
): Promise<Partial<typeof users.$inferInsert>> {
  if ((kind === "email" ? user.email : user.phone) === address) return {};
  if (!authConfig().autoconfirm)
    throw confirmationUnavailable(kind === "email" ? "email address" : "phone number");
  const taken =
    kind === "email" ? await findUserByEmail(tx, address) : await findUserByPhone(tx, address);
  if (taken && taken.id !== user.id) {
    throw kind === "email"
      ? unprocessable("email_exists", "A user with this email address has already been registered")
      : unprocessable("phone_exists", "A user with this phone number has already been registered");
  }
  const identityRows = await tx
    .select()
    .from(identities)
    .where(and(eq(identities.userId, user.id), eq(identities.provider, kind)));
  const now = new Date();
  for (const identity of identityRows) {
    await tx
      .update(identities)
      .set({ identityData: { ...identity.identityData, [kind]: address }, updatedAt: now })
      .where(eq(identities.id, identity.id));
  }
  const changes: Partial<typeof users.$inferInsert> =
    kind === "email"
      ? { email: address, emailConfirmedAt: now }
      : { phone: address, phoneConfirmedAt: now };
  if (identityRows.length === 0) {
    // First address of this kind (an anonymous user upgrading, a Google user adding a
    // phone): it becomes an identity, and an anonymous user a regular one.
    await tx.insert(identities).values({
      providerId: user.id,
      userId: user.id,
      provider: kind,
      identityData: { sub: user.id, [kind]: address, [`${kind}_verified`]: true },
      createdAt: now,
      updatedAt: now,
    });
    changes.rawAppMetaData = await withProviders(tx, user, kind);
    if (user.isAnonymous) changes.isAnonymous = false;
  }
  return changes;
}

/** PUT /user: user_metadata, password (other sessions end), email or phone with autoconfirm. */
export async function handleUpdateUser(request: Request, info: RequestInfo): Promise<UserDto> {
  const bearer = await verifyBearer(request);
  const body = parseBody(updateBody, await readJsonBody(request));
  const email = body.email ? normalizeEmail(body.email) : undefined;
  const phone = body.phone ? normalizePhone(body.phone) : undefined;
  if (body.password !== undefined) assertStrongPassword(body.password);
  const newHash = body.password !== undefined ? await hashPassword(body.password) : undefined;

  return withSystemContext("auth: update user", async (tx) => {
    const { user, session } = await loadBearer(tx, bearer);
    if (user.isAnonymous && body.password !== undefined && !email && !phone) {
      throw unprocessable(
        "validation_failed",
        "Updating password of an anonymous user without an email or phone is not allowed",
      );
    }
    const changes: Partial<typeof users.$inferInsert> = {};
    if (body.data) changes.rawUserMetaData = mergeMetadata(user.rawUserMetaData ?? {}, body.data);
    if (email) Object.assign(changes, await changeAddress(tx, user, "email", email));
    if (phone) {
      // The email step may have changed app_metadata: the phone step starts from it.
      const current = changes.rawAppMetaData
        ? { ...user, rawAppMetaData: changes.rawAppMetaData }
        : user;
      Object.assign(changes, await changeAddress(tx, current, "phone", phone));
    }
    if (body.password !== undefined && newHash) {
      if (await verifyPassword(body.password, user.encryptedPassword)) {
        throw unprocessable(
          "same_password",
          "New password should be different from the old password.",
        );
      }
      changes.encryptedPassword = newHash;
    }
    if (Object.keys(changes).length === 0) return loadUserDto(tx, user);

    const [updated] = await tx
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    const actor = { id: user.id, username: auditName(updated ?? user), ip: info.ip };
    if (changes.encryptedPassword) {
      // A new password ends every other session of the user.
      await tx
        .delete(sessions)
        .where(and(eq(sessions.userId, user.id), ne(sessions.id, session.id)));
      await recordAudit(tx, actor, "user_updated_password");
    }
    await recordAudit(tx, actor, "user_modified");
    return loadUserDto(tx, updated ?? user);
  });
}
