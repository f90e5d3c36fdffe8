import { AuthSessionMissingError, type SupabaseClient } from "@supabase/supabase-js";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getApiKeys } from "@/lib/auth/service/keys";
import { closeDb, getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";
import { resetEnvForTests } from "@/lib/env";
import {
  authClient,
  GOOD_PASSWORD,
  ORIGIN,
  rawRequest,
  serviceClient,
  uniqueEmail,
} from "./support/auth-server";

/** The admin endpoints through supabase-js `auth.admin.*` with the service_role key. */
let admin: SupabaseClient;

beforeAll(async () => {
  process.env.SITE_URL = ORIGIN;
  process.env.AUTH_AUTOCONFIRM = "true";
  resetEnvForTests();
  admin = await serviceClient();
});

afterAll(async () => {
  await closeDb();
});

describe("admin users", () => {
  it("creates a confirmed user who can sign in with the password", async () => {
    const email = uniqueEmail("admin-made");
    const { data, error } = await admin.auth.admin.createUser({
      email,
      password: GOOD_PASSWORD,
      email_confirm: true,
      user_metadata: { name: "Made" },
      app_metadata: { plan: "pro" },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email,
      user_metadata: { name: "Made" },
      app_metadata: { plan: "pro", provider: "email", providers: ["email"] },
      is_anonymous: false,
    });
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.identities?.[0]?.provider).toBe("email");
    const client = await authClient();
    const signIn = await client.auth.signInWithPassword({ email, password: GOOD_PASSWORD });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.app_metadata.plan).toBe("pro");

    const again = await admin.auth.admin.createUser({ email, password: GOOD_PASSWORD });
    expect(again.error?.status).toBe(422);
    expect(again.error?.code).toBe("email_exists");
  });

  it("creates an unconfirmed user when not asked to confirm", async () => {
    const email = uniqueEmail("admin-unconfirmed");
    const { data } = await admin.auth.admin.createUser({ email, password: GOOD_PASSWORD });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    const client = await authClient();
    const signIn = await client.auth.signInWithPassword({ email, password: GOOD_PASSWORD });
    expect(signIn.error?.code).toBe("email_not_confirmed");
  });

  it("gets, updates (metadata merged, ban) and deletes a user", async () => {
    const email = uniqueEmail("admin-edit");
    const created = await admin.auth.admin.createUser({
      email,
      password: GOOD_PASSWORD,
      email_confirm: true,
      user_metadata: { name: "Old", city: "Quito" },
    });
    const id = created.data.user?.id ?? "";
    const got = await admin.auth.admin.getUserById(id);
    expect(got.data.user?.email).toBe(email);

    const client = await authClient();
    expect(
      (await client.auth.signInWithPassword({ email, password: GOOD_PASSWORD })).error,
    ).toBeNull();

    const updated = await admin.auth.admin.updateUserById(id, {
      user_metadata: { name: "New", city: null },
      app_metadata: { role_hint: "seller" },
      ban_duration: "24h",
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toEqual({ name: "New" });
    expect(updated.data.user?.app_metadata).toMatchObject({
      role_hint: "seller",
      provider: "email",
    });
    expect(new Date(updated.data.user?.banned_until ?? 0).getTime()).toBeGreaterThan(
      Date.now() + 23 * 3600_000,
    );
    // Banned: sessions ended, and no new sign-in.
    expect((await client.auth.getUser()).error).toBeInstanceOf(AuthSessionMissingError);
    const banned = await (
      await authClient()
    ).auth.signInWithPassword({ email, password: GOOD_PASSWORD });
    expect(banned.error?.code).toBe("user_banned");
    const unbanned = await admin.auth.admin.updateUserById(id, { ban_duration: "none" });
    expect(unbanned.data.user?.banned_until).toBeUndefined();

    const newEmail = uniqueEmail("admin-moved");
    const moved = await admin.auth.admin.updateUserById(id, {
      email: newEmail,
      password: "another good passphrase",
    });
    expect(moved.data.user?.email).toBe(newEmail);
    expect(
      (
        await (
          await authClient()
        ).auth.signInWithPassword({
          email: newEmail,
          password: "another good passphrase",
        })
      ).error,
    ).toBeNull();

    const deleted = await admin.auth.admin.deleteUser(id);
    expect(deleted.error).toBeNull();
    const gone = await admin.auth.admin.getUserById(id);
    expect(gone.error?.status).toBe(404);
    expect(gone.error?.code).toBe("user_not_found");
    expect((await admin.auth.admin.deleteUser(id)).error?.status).toBe(404);
  });

  it("soft-deletes: the row stays with deleted_at, the address is freed", async () => {
    const email = uniqueEmail("admin-soft");
    const created = await admin.auth.admin.createUser({ email, email_confirm: true });
    const id = created.data.user?.id ?? "";
    expect((await admin.auth.admin.deleteUser(id, true)).error).toBeNull();
    const [row] = await queryRows<{ email: string | null; deleted_at: unknown }>(
      getDb(),
      sql`select email, deleted_at from auth.users where id = ${id}`,
    );
    expect(row?.email).toBeNull();
    expect(row?.deleted_at).toBeTruthy();
    expect((await admin.auth.admin.getUserById(id)).error?.status).toBe(404);
    expect((await admin.auth.admin.createUser({ email })).error).toBeNull();
  });

  it("lists users by page with the total and Link headers", async () => {
    for (let i = 0; i < 3; i += 1) {
      await admin.auth.admin.createUser({ email: uniqueEmail("listed"), email_confirm: true });
    }
    const { data, error } = await admin.auth.admin.listUsers({ page: 1, perPage: 2 });
    expect(error).toBeNull();
    expect(data.users).toHaveLength(2);
    const [countRow] = await queryRows<{ n: number }>(
      getDb(),
      sql`select count(*)::int as n from auth.users where deleted_at is null`,
    );
    const total = countRow?.n ?? 0;
    expect((data as unknown as { total: number }).total).toBe(total);
    expect((data as unknown as { nextPage: number }).nextPage).toBe(2);

    const raw = await rawRequest("GET", "admin/users?page=2&per_page=2", {
      headers: { authorization: `Bearer ${(await getApiKeys()).serviceRoleKey}` },
    });
    expect(raw.headers.get("x-total-count")).toBe(String(total));
    expect(raw.headers.get("link")).toContain(
      `page=${Math.ceil(total / 2)}&per_page=2>; rel="last"`,
    );
    const page2 = (await raw.json()) as { users: { id: string }[]; aud: string };
    expect(page2.aud).toBe("authenticated");
    expect(page2.users.map((u) => u.id)).not.toContain(data.users[0]?.id);
  });

  it("refuses every other token with 403 not_admin (401 without one)", async () => {
    const { anonKey } = await getApiKeys();
    const user = await authClient();
    const { data } = await user.auth.signUp({ email: uniqueEmail(), password: GOOD_PASSWORD });
    const versioned = { "X-Supabase-Api-Version": "2024-01-01" };
    for (const token of [anonKey, data.session?.access_token ?? ""]) {
      for (const [method, path] of [
        ["GET", "admin/users"],
        ["GET", `admin/users/${data.user?.id}`],
        ["PUT", `admin/users/${data.user?.id}`],
        ["DELETE", `admin/users/${data.user?.id}`],
        ["POST", "admin/users"],
      ] as const) {
        const response = await rawRequest(method, path, {
          body: method === "GET" ? undefined : JSON.stringify({ email: uniqueEmail() }),
          headers: { ...versioned, authorization: `Bearer ${token}` },
        });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(await response.json()).toEqual({ code: "not_admin", message: "User not allowed" });
      }
    }
    const none = await rawRequest("GET", "admin/users", { headers: versioned });
    expect(none.status).toBe(401);
    expect((await user.auth.getUser()).data.user?.id).toBe(data.user?.id);
  });
});
