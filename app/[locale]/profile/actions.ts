"use server";

import { refresh } from "next/cache";
import { cookies, headers } from "next/headers";
import type { ProfileFormState } from "@/components/profile/profile-form-state";
import { secureCookies } from "@/lib/auth/client/auth-options";
import { targetOrHome } from "@/lib/auth/guard/guard-decision";
import {
  createProfileHint,
  PROFILE_HINT_COOKIE,
  profileHintCookieOptions,
} from "@/lib/auth/guard/profile-hint";
import { pageOriginOf } from "@/lib/auth/server/page-origin";
import { getCurrentClaims } from "@/lib/auth/server/session";
import { env } from "@/lib/env";
import { localeCookie } from "@/lib/i18n/config";
import { profileSchema } from "@/lib/profile/profile-schema";
import { createOwnProfile, updateOwnProfile } from "@/lib/profile/profiles";
import { parseWithValidation } from "@/lib/validation/parse";
import { formArgument } from "@/lib/validation/form-argument";

function readForm(formData: FormData) {
  return {
    displayName: formData.get("displayName") ?? "",
    locale: formData.get("locale") ?? "",
    marketingConsent: formData.get("marketingConsent") ?? false,
  };
}

async function rememberChoices(userId: string, locale: string): Promise<void> {
  const store = await cookies();
  // The same rule as the session cookies: Secure on https, never on a plain-http page.
  const secure = secureCookies(env().SITE_URL, pageOriginOf(await headers()));
  store.set(PROFILE_HINT_COOKIE, await createProfileHint(userId), profileHintCookieOptions(secure));
  store.set(localeCookie, locale, { path: "/", sameSite: "lax", maxAge: 365 * 24 * 60 * 60 });
}

export async function createProfileAction(
  _previous: ProfileFormState,
  formData: FormData,
): Promise<ProfileFormState> {
  const form = formArgument(formData);
  const claims = await getCurrentClaims();
  if (!claims) return { status: "signedOut" };
  const parsed = parseWithValidation(profileSchema, readForm(form));
  if (!parsed.success) return { status: "invalid", fieldErrors: parsed.fieldErrors };
  const phone = typeof claims.phone === "string" && claims.phone ? claims.phone : null;
  try {
    await createOwnProfile(claims, parsed.data, phone);
  } catch (error) {
    console.error("profile: create failed", error);
    return { status: "failed" };
  }
  await rememberChoices(claims.sub, parsed.data.locale);
  // The browser's router renders again (the locale may have changed); the cached public
  // pages do not change: they hold nothing of anyone's profile.
  refresh();
  const redirect = form.get("redirect");
  return { status: "saved", target: targetOrHome(typeof redirect === "string" ? redirect : null) };
}

export async function updateProfileAction(
  _previous: ProfileFormState,
  formData: FormData,
): Promise<ProfileFormState> {
  const form = formArgument(formData);
  const claims = await getCurrentClaims();
  if (!claims) return { status: "signedOut" };
  const parsed = parseWithValidation(profileSchema, readForm(form));
  if (!parsed.success) return { status: "invalid", fieldErrors: parsed.fieldErrors };
  try {
    const saved = await updateOwnProfile(claims, parsed.data);
    if (!saved) return { status: "failed" };
  } catch (error) {
    console.error("profile: update failed", error);
    return { status: "failed" };
  }
  await rememberChoices(claims.sub, parsed.data.locale);
  // The browser's router renders again (the locale may have changed); the cached public
  // pages do not change: they hold nothing of anyone's profile.
  refresh();
  return { status: "saved", target: "/profile" };
}
