"use server";

import type { User } from "@supabase/supabase-js";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { resetPasswordSchema } from "@/components/auth/recovery-schemas";
import { authErrorKey, type AuthErrorKey } from "@/lib/auth/client/credentials-schema";
import { landingAfterSignIn } from "@/lib/auth/client/step-up";
import { targetOrHome } from "@/lib/auth/guard/guard-decision";
import { safeGetClaims } from "@/lib/auth/server/claims";
import { createAuthServerClient } from "@/lib/auth/server/server-client";
import { getCurrentClaims, getRequestAuthClient } from "@/lib/auth/server/session";
import { claimGuestCartsFor } from "@/lib/cart/claim";
import { rememberCartCount } from "@/lib/cart/count-cookie-server";
import type { UserClaims } from "@/lib/db/context";
import { exchangeErrorKey, type CallbackErrorKey } from "./callback-params";
import { formArgument } from "@/lib/validation/form-argument";

export type CallbackActionState = { error: CallbackErrorKey | null };

const MAX_FIELD = 8192;

function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" && value.length <= MAX_FIELD ? value : "";
}

/**
 * Completes a sign-in this browser started: exchanges the PKCE code on the server (the
 * verifier is this browser's cookie, written when the flow began; another browser's code
 * fails with pkce_code_verifier_not_found or bad_code_verifier and changes nothing), writes
 * the session cookies and goes to `next` (a same-site path that does not loop through the
 * guard, else /). Tokens are never taken from a form or a URL here (callback-params.ts).
 */
export async function completeCallbackAction(
  _previous: CallbackActionState,
  form: FormData,
): Promise<CallbackActionState> {
  form = formArgument(form);
  const code = field(form, "code");
  if (!code) return { error: "notPkce" };
  const client = await getRequestAuthClient();
  // A guest (anonymous session) who confirms a sign-up or follows a sign-in link in this
  // browser brings their carts: the session being replaced is the proof (lib/cart/claim.ts).
  const guest = await getCurrentClaims();
  const { data, error } = await client.auth.exchangeCodeForSession(code);
  if (error) return { error: exchangeErrorKey(error.code) };
  if (guest?.is_anonymous === true && data.user) {
    await bringGuestCarts(guest, {
      sub: data.user.id,
      is_anonymous: data.user.is_anonymous === true,
    });
  }
  redirect(await landingAfterSignIn(client, targetOrHome(field(form, "next"))));
}

async function bringGuestCarts(guest: UserClaims, account: UserClaims): Promise<void> {
  try {
    const count = await claimGuestCartsFor(account, guest);
    if (count !== null) await rememberCartCount(count);
  } catch (error) {
    // The sign-in stands; the carts stay the guest's (the browser's own claim may still move them).
    console.warn("callback: guest carts not moved", { error });
  }
}

/** What refused the invitation: a `callback.errors.*` or an `errors.*` key of "auth". */
export type InvitationError =
  | { scope: "callback"; key: CallbackErrorKey }
  | { scope: "auth"; key: AuthErrorKey | "passwordsDiffer" };
export type InvitationActionState = { error: InvitationError | null };

const refused = (key: CallbackErrorKey): InvitationActionState => ({
  error: { scope: "callback", key },
});
const failed = (key: AuthErrorKey | "passwordsDiffer"): InvitationActionState => ({
  error: { scope: "auth", key },
});

/** Whether the session is an invitation's: the user was invited and/or it came from one. */
function fromInvitation(user: User, amr: unknown): boolean {
  const methods = Array.isArray(amr) ? amr : [];
  return (
    Boolean((user as User & { invited_at?: string | null }).invited_at) ||
    methods.some((entry) => (entry as { method?: unknown })?.method === "invite")
  );
}

/**
 * An admin's invitation (`/auth/v1/verify?type=invite`) ends on /callback with the
 * invitee's session in the fragment: the only tokens /callback takes, and only here. The
 * invitee has seen the address on the page and chosen a password; then, and only then, the
 * session becomes this browser's. Refused, changing nothing: a token that does not verify
 * (invalidJwt), a session that is not an invited user's (notStartedHere: someone's own
 * session pasted into a link), or a browser signed in as someone else (signedInAsOther).
 */
export async function acceptInvitationAction(
  _previous: InvitationActionState,
  form: FormData,
): Promise<InvitationActionState> {
  form = formArgument(form);
  const accessToken = field(form, "access_token");
  const refreshToken = field(form, "refresh_token");
  if (!accessToken || !refreshToken) return refused("notStartedHere");
  const passwords = resetPasswordSchema.safeParse({
    password: field(form, "password"),
    confirm: field(form, "confirm"),
  });
  if (!passwords.success) {
    const mismatch = passwords.error.issues.some((issue) => issue.path[0] === "confirm");
    return failed(mismatch ? "passwordsDiffer" : "weakPassword");
  }

  // The invitation's session lives in a client of its own until everything has passed.
  const jar = new Map<string, string>();
  const invitation = await createAuthServerClient(
    {
      getAll: () => [...jar].map(([name, value]) => ({ name, value })),
      setAll: (toSet) => {
        for (const { name, value } of toSet) {
          if (value) jar.set(name, value);
          else jar.delete(name);
        }
      },
    },
    (await headers()).get("x-forwarded-for"),
  );
  const verified = await safeGetClaims(invitation, accessToken, { allowExpired: true });
  if (!verified.claims) return refused(exchangeErrorKey(verified.error?.code));
  const { data, error } = await invitation.auth.setSession({
    access_token: accessToken,
    refresh_token: refreshToken,
  });
  if (error || !data.session || !data.user) {
    return refused(exchangeErrorKey(error?.code));
  }
  if (!fromInvitation(data.user, verified.claims.amr)) return refused("notStartedHere");
  const current = await getCurrentClaims();
  if (current && current.sub !== data.user.id) return refused("signedInAsOther");

  const updated = await invitation.auth.updateUser({ password: passwords.data.password });
  if (updated.error) return failed(authErrorKey(updated.error.code));
  const session = (await invitation.auth.getSession()).data.session ?? data.session;

  const client = await getRequestAuthClient();
  const kept = await client.auth.setSession({
    access_token: session.access_token,
    refresh_token: session.refresh_token,
  });
  if (kept.error) return refused(exchangeErrorKey(kept.error.code));
  redirect(await landingAfterSignIn(client, targetOrHome(field(form, "next"))));
}
