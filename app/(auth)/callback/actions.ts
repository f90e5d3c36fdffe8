"use server";

import { redirect } from "next/navigation";
import { targetOrHome } from "@/lib/auth/guard/guard-decision";
import { landingAfterSignIn } from "@/lib/auth/client/step-up";
import { getRequestAuthClient } from "@/lib/auth/server/session";
import { exchangeErrorKey, type CallbackErrorKey } from "./callback-params";

export type CallbackActionState = { error: CallbackErrorKey | null };

const MAX_FIELD = 8192;

function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" && value.length <= MAX_FIELD ? value : "";
}

/**
 * Completes the sign-in on the server: exchanges the PKCE code (the verifier is in this
 * browser's cookies) or stores the implicit session, writes the session cookies and goes to
 * `next` (a same-site path that does not loop through the guard, else /).
 */
export async function completeCallbackAction(
  _previous: CallbackActionState,
  form: FormData,
): Promise<CallbackActionState> {
  const code = field(form, "code");
  const accessToken = field(form, "access_token");
  const refreshToken = field(form, "refresh_token");
  const client = await getRequestAuthClient();
  if (code) {
    const { error } = await client.auth.exchangeCodeForSession(code);
    if (error) return { error: exchangeErrorKey(error.code) };
  } else if (accessToken && refreshToken) {
    // A forged or tampered token fails here ("Invalid JWT signature"), before any session is kept.
    const claims = await client.auth.getClaims(accessToken, { allowExpired: true });
    if (claims.error) return { error: exchangeErrorKey(claims.error.code) };
    const { error } = await client.auth.setSession({
      access_token: accessToken,
      refresh_token: refreshToken,
    });
    if (error) return { error: exchangeErrorKey(error.code) };
  } else {
    return { error: "noSession" };
  }
  redirect(await landingAfterSignIn(client, targetOrHome(field(form, "next"))));
}
