// First: the request scope sets up what Next's server sets up before its stores exist.
import {
  inRequestScope,
  signInCookies,
  siteRequest,
  type CookieJar,
} from "./support/request-scope";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { cookies } from "next/headers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  acceptInvitationAction,
  completeCallbackAction,
  type InvitationActionState,
} from "@/app/[locale]/(auth)/callback/actions";
import { sessionCookieName } from "@/lib/auth/client/auth-options";
import { getApiKeys } from "@/lib/auth/service/keys";
import { closeDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { authClient, inProcessFetch, ORIGIN, rawRequest, uniqueEmail } from "./support/auth-server";

/**
 * Issue 2.1: `/callback?next=…#access_token=<attacker's>&refresh_token=<attacker's>` signed a
 * victim into the attacker's account. The callback's server actions, called as Next calls
 * them (a request scope holding the victim's cookies): tokens from a URL never become the
 * session; a PKCE code needs this browser's verifier; an invitation's session is kept only
 * after the invitee set a password, and never over another signed-in user.
 */
const PASSWORD = "Correct-Horse-Battery-9";
const NEW_PASSWORD = "Violet-Lantern-Orbit-42";
let admin: SupabaseClient;
let cookieName = "";

class NoRealtime {
  constructor() {
    throw new Error("no realtime in tests");
  }
}

async function confirmedUser(label: string): Promise<{ userId: string; email: string }> {
  const email = uniqueEmail(label);
  const { data, error } = await admin.auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
  });
  if (error || !data.user) throw new Error(`createUser: ${error?.message}`);
  return { userId: data.user.id, email };
}

/** An attacker's own session, as they would paste it into a link. */
async function sessionOf(email: string) {
  const { data, error } = await (
    await authClient()
  ).auth.signInWithPassword({
    email,
    password: PASSWORD,
  });
  if (error || !data.session) throw new Error(`sign-in: ${error?.message}`);
  return data.session;
}

/** An admin's invitation, opened: the tokens GET /verify puts in the fragment. */
async function invitationTokens(email: string) {
  const { data, error } = await admin.auth.admin.generateLink({
    type: "invite",
    email,
    options: { redirectTo: `${ORIGIN}/callback` },
  });
  if (error) throw new Error(`generateLink: ${error.message}`);
  const link = new URL(data.properties?.action_link ?? "");
  const opened = await rawRequest("GET", `verify${link.search}`);
  const fragment = new URLSearchParams(new URL(opened.headers.get("location") ?? "").hash.slice(1));
  expect(fragment.get("type")).toBe("invite");
  return {
    userId: data.user?.id ?? "",
    accessToken: fragment.get("access_token") ?? "",
    refreshToken: fragment.get("refresh_token") ?? "",
  };
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

/** Runs an action for a browser holding `jar`: its answer (or redirect) and the session after. */
async function run<T>(jar: CookieJar, action: () => Promise<T>) {
  return inRequestScope(siteRequest("/callback", { method: "POST" }, jar), async () => {
    let outcome: T | { redirect: string };
    try {
      outcome = await action();
    } catch (error) {
      const digest = String((error as { digest?: unknown }).digest ?? "");
      if (!digest.startsWith("NEXT_REDIRECT")) throw error;
      outcome = { redirect: digest.split(";")[2] ?? "" };
    }
    const store = await cookies();
    const session = store.get(cookieName)?.value ?? store.get(`${cookieName}.0`)?.value ?? null;
    return { outcome, session };
  });
}

/** The user id in a session cookie value (base64- + base64url JSON), or null. */
function userOf(value: string | null): string | null {
  if (!value) return null;
  const json = Buffer.from(value.replace(/^base64-/, ""), "base64url").toString("utf8");
  return (JSON.parse(json) as { user?: { id?: string } }).user?.id ?? null;
}

beforeAll(async () => {
  const { serviceRoleKey } = await getApiKeys();
  admin = createClient(ORIGIN, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { fetch: inProcessFetch() },
    realtime: { transport: NoRealtime as unknown as typeof WebSocket },
  });
  cookieName = sessionCookieName(env().SITE_URL);
});

afterAll(async () => {
  await closeDb();
});

describe("completeCallbackAction: only a flow this browser started", () => {
  it("ignores an attacker's tokens: a signed-out victim stays signed out", async () => {
    const attacker = await confirmedUser("attacker");
    const tokens = await sessionOf(attacker.email);
    const { outcome, session } = await run(new Map(), () =>
      completeCallbackAction(
        { error: null },
        form({
          access_token: tokens.access_token,
          refresh_token: tokens.refresh_token,
          next: "/profile",
        }),
      ),
    );
    expect(outcome).toEqual({ error: "notPkce" });
    expect(session).toBeNull();
  });

  it("ignores them for a signed-in victim too, who stays themselves", async () => {
    const victim = await confirmedUser("victim");
    const jar = await signInCookies(victim);
    const attacker = await confirmedUser("attacker");
    const tokens = await sessionOf(attacker.email);
    const { outcome, session } = await run(jar, () =>
      completeCallbackAction(
        { error: null },
        form({ access_token: tokens.access_token, refresh_token: tokens.refresh_token }),
      ),
    );
    expect(outcome).toEqual({ error: "notPkce" });
    expect(userOf(session)).toBe(victim.userId);
  });

  it("refuses a code this browser holds no verifier for, changing nothing", async () => {
    const victim = await confirmedUser("victim-code");
    const jar = await signInCookies(victim);
    const { outcome, session } = await run(jar, () =>
      completeCallbackAction(
        { error: null },
        form({ code: "00000000-0000-4000-8000-000000000000" }),
      ),
    );
    expect(outcome).toEqual({ error: "otherBrowser" });
    expect(userOf(session)).toBe(victim.userId);
  });
});

describe("acceptInvitationAction: an admin's invitation", () => {
  const accept = (fields: Record<string, string>) => () =>
    acceptInvitationAction(
      { error: null },
      form({ password: NEW_PASSWORD, confirm: NEW_PASSWORD, ...fields }),
    );

  it("refuses someone's own (non-invitation) session pasted as an invitation", async () => {
    const attacker = await confirmedUser("attacker-invite");
    const tokens = await sessionOf(attacker.email);
    const { outcome, session } = await run(
      new Map(),
      accept({
        access_token: tokens.access_token,
        refresh_token: tokens.refresh_token,
      }),
    );
    expect(outcome).toEqual<InvitationActionState>({
      error: { scope: "callback", key: "notStartedHere" },
    });
    expect(session).toBeNull();
  });

  it("refuses a forged token: Invalid JWT signature", async () => {
    const invite = await invitationTokens(uniqueEmail("invitee-forged"));
    const [header, payload] = invite.accessToken.split(".");
    const forged = `${header}.${payload}.${Buffer.alloc(64, 7).toString("base64url")}`;
    const { outcome, session } = await run(
      new Map(),
      accept({
        access_token: forged,
        refresh_token: invite.refreshToken,
      }),
    );
    expect(outcome).toEqual({ error: { scope: "callback", key: "invalidJwt" } });
    expect(session).toBeNull();
  });

  it("never replaces another signed-in user's session", async () => {
    const victim = await confirmedUser("victim-invite");
    const jar = await signInCookies(victim);
    const invite = await invitationTokens(uniqueEmail("invitee-other"));
    const { outcome, session } = await run(
      jar,
      accept({
        access_token: invite.accessToken,
        refresh_token: invite.refreshToken,
      }),
    );
    expect(outcome).toEqual({ error: { scope: "callback", key: "signedInAsOther" } });
    expect(userOf(session)).toBe(victim.userId);
  });

  it("keeps a weak password out and the browser signed out", async () => {
    const invite = await invitationTokens(uniqueEmail("invitee-weak"));
    const { outcome, session } = await run(new Map(), () =>
      acceptInvitationAction(
        { error: null },
        form({
          access_token: invite.accessToken,
          refresh_token: invite.refreshToken,
          password: "password",
          confirm: "password",
        }),
      ),
    );
    expect(outcome).toEqual({ error: { scope: "auth", key: "weakPassword" } });
    expect(session).toBeNull();
  });

  it("signs the invitee in once they chose a password, which then signs in", async () => {
    const email = uniqueEmail("invitee");
    const invite = await invitationTokens(email);
    const { outcome, session } = await run(
      new Map(),
      accept({
        access_token: invite.accessToken,
        refresh_token: invite.refreshToken,
        next: "/profile",
      }),
    );
    expect(outcome).toEqual({ redirect: "/profile" });
    expect(userOf(session)).toBe(invite.userId);
    const signIn = await (
      await authClient()
    ).auth.signInWithPassword({ email, password: NEW_PASSWORD });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.id).toBe(invite.userId);
  });
});
