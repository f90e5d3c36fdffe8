import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { requireAdmin } from "@/lib/auth/service/admin-bearer";
import { recordAudit } from "@/lib/auth/service/audit";
import { auditActor } from "@/lib/auth/service/audit-actor";
import { loadBearer, verifyBearer } from "@/lib/auth/service/bearer";
import { authConfig } from "@/lib/auth/service/config";
import { AuthError, validationFailed } from "@/lib/auth/service/errors";
import {
  authenticationOptionsHandler,
  authenticationVerifyHandler,
  registrationOptionsHandler,
  registrationVerifyHandler,
} from "@/lib/auth/service/handlers/passkey-ceremonies";
import {
  emptyResponse,
  jsonResponse,
  readJsonBody,
  type RequestInfo,
} from "@/lib/auth/service/http";
import {
  assertMayChangePasskeys,
  assertPasskeysEnabled,
  findPasskey,
  passkeyItem,
  userPasskeys,
} from "@/lib/auth/service/passkeys";
import { findUserById, type UserRow } from "@/lib/auth/service/users";
import { nullableString, parseBody } from "@/lib/auth/service/validation";
import { webauthnCredentials } from "@/lib/auth/webauthn-schema";
import { withSystemContext, type Tx } from "@/lib/db/context";
import { isUuid } from "@/lib/validation/uuid";

/**
 * Passkeys (supabase-js `auth.passkey.*`, `signInWithPasskey`, `registerPasskey`,
 * `auth.admin.passkey.*`; docs/auth.md "WebAuthn"):
 *
 * - POST /passkeys/registration/options, /passkeys/registration/verify (Bearer)
 * - POST /passkeys/authentication/options, /passkeys/authentication/verify (a session)
 * - GET /passkeys, PATCH and DELETE /passkeys/{id} (Bearer)
 * - GET /admin/users/{id}/passkeys, DELETE /admin/users/{id}/passkeys/{passkey id}
 *
 * The ceremonies (the POSTs) are in passkey-ceremonies.ts; this file keeps the user's and
 * the admin's handling of registered passkeys, and the routes.
 */
type Handler = (request: Request, info: RequestInfo) => Promise<Response>;

const MAX_NAME_LENGTH = 120;

/** GET /passkeys: the Bearer's passkeys, oldest first. */
async function listHandler(request: Request) {
  assertPasskeysEnabled();
  const bearer = await verifyBearer(request);
  return withSystemContext("auth: passkey list", async (tx) => {
    const { user } = await loadBearer(tx, bearer);
    return (await userPasskeys(tx, user.id)).map(passkeyItem);
  });
}

const updateBody = z.object({ friendly_name: nullableString });

/** PATCH /passkeys/{id}: renames (1–120 characters). */
async function updateHandler(request: Request, info: RequestInfo, id: string) {
  assertPasskeysEnabled();
  const bearer = await verifyBearer(request);
  const body = parseBody(updateBody, await readJsonBody(request));
  const name = body.friendly_name?.trim() ?? "";
  if (!name) throw validationFailed("friendly_name is required");
  if (name.length > MAX_NAME_LENGTH) {
    throw validationFailed(`friendly_name cannot be longer than ${MAX_NAME_LENGTH} characters`);
  }
  return withSystemContext("auth: passkey update", async (tx) => {
    const { user, session } = await loadBearer(tx, bearer);
    const passkey = await findPasskey(tx, user.id, id);
    await assertMayChangePasskeys(tx, user, session);
    const [row] = await tx
      .update(webauthnCredentials)
      .set({ friendlyName: name, updatedAt: new Date() })
      .where(eq(webauthnCredentials.id, passkey.id))
      .returning();
    await recordAudit(tx, auditActor(user, info), "passkey_updated", { passkey_id: passkey.id });
    return passkeyItem(row ?? passkey);
  });
}

/** DELETE /passkeys/{id}: 204. */
async function deleteHandler(request: Request, info: RequestInfo, id: string): Promise<void> {
  assertPasskeysEnabled();
  const bearer = await verifyBearer(request);
  await withSystemContext("auth: passkey delete", async (tx) => {
    const { user, session } = await loadBearer(tx, bearer);
    const passkey = await findPasskey(tx, user.id, id);
    await assertMayChangePasskeys(tx, user, session);
    await tx.delete(webauthnCredentials).where(eq(webauthnCredentials.id, passkey.id));
    await recordAudit(tx, auditActor(user, info), "passkey_deleted", { passkey_id: passkey.id });
  });
}

async function adminUser(tx: Tx, userId: string): Promise<UserRow> {
  const user = isUuid(userId) ? await findUserById(tx, userId) : undefined;
  if (!user) throw new AuthError(404, "user_not_found", "User not found");
  return user;
}

/** GET /admin/users/{id}/passkeys (service_role). */
async function adminListHandler(request: Request, userId: string) {
  assertPasskeysEnabled();
  await requireAdmin(request);
  return withSystemContext("auth: admin passkey list", async (tx) => {
    const user = await adminUser(tx, userId);
    return (await userPasskeys(tx, user.id)).map(passkeyItem);
  });
}

/** DELETE /admin/users/{id}/passkeys/{passkey id} (service_role): 204. */
async function adminDeleteHandler(
  request: Request,
  info: RequestInfo,
  userId: string,
  id: string,
): Promise<void> {
  assertPasskeysEnabled();
  await requireAdmin(request);
  await withSystemContext("auth: admin passkey delete", async (tx) => {
    const user = await adminUser(tx, userId);
    const passkey = await findPasskey(tx, user.id, id);
    await tx.delete(webauthnCredentials).where(eq(webauthnCredentials.id, passkey.id));
    await recordAudit(tx, auditActor(user, info), "passkey_deleted", {
      passkey_id: passkey.id,
      by_admin: true,
    });
  });
}

/** The handler of a passkey path (router.ts asks before its own tables), or undefined. */
export function passkeyRoute(method: string, path: string[]): Handler | undefined {
  const origin = () => authConfig().siteOrigin;
  const json =
    (handler: (request: Request, info: RequestInfo) => Promise<unknown>): Handler =>
    async (request, info) =>
      jsonResponse(info, origin(), await handler(request, info));
  const empty =
    (handler: (request: Request, info: RequestInfo) => Promise<void>): Handler =>
    async (request, info) => {
      await handler(request, info);
      return emptyResponse(info, origin());
    };
  const [root, second, third, fourth, fifth] = path;
  if (root === "passkeys") {
    if (path.length === 1 && method === "GET") return json((request) => listHandler(request));
    if (path.length === 3 && method === "POST") {
      const key = `${second}/${third}`;
      if (key === "registration/options") return json(registrationOptionsHandler);
      if (key === "registration/verify") return json(registrationVerifyHandler);
      if (key === "authentication/options") return json(authenticationOptionsHandler);
      if (key === "authentication/verify") return json(authenticationVerifyHandler);
    }
    if (path.length === 2 && second) {
      if (method === "PATCH") return json((request, info) => updateHandler(request, info, second));
      if (method === "DELETE") {
        return empty((request, info) => deleteHandler(request, info, second));
      }
    }
    return undefined;
  }
  if (root === "admin" && second === "users" && third && fourth === "passkeys") {
    if (path.length === 4 && method === "GET") {
      return json((request) => adminListHandler(request, third));
    }
    if (path.length === 5 && fifth && method === "DELETE") {
      return empty((request, info) => adminDeleteHandler(request, info, third, fifth));
    }
  }
  return undefined;
}
