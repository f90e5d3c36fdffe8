"use server";

import { randomUUID } from "node:crypto";
import { redirect } from "next/navigation";
import { withRedirect } from "@/lib/auth/guard/redirect-target";
import { getCurrentClaims } from "@/lib/auth/server/session";
import { AppError, isAppError } from "@/lib/errors/app-error";
import { parseWithValidation } from "@/lib/validation/parse";
import { addressSchema, updateAddressSchema } from "./address-schema";
import { createAddress, deleteAddress, setDefaultAddress, updateAddress } from "./addresses";
import type { AddressErrorCode, AddressFormState, AddressNotice } from "./form-state";
import { formArgument } from "@/lib/validation/form-argument";
import { isUuid } from "@/lib/validation/uuid";
import { versionSchema } from "@/lib/validation/version";

/**
 * The address book's server actions. Each reads the session itself (a signed-out caller is
 * sent to sign in), parses the form with the shared schema, and runs the data layer under
 * RLS. A success redirects to the list with a notice (`?done=`), so the forms work without
 * JavaScript as well; the list page is dynamic, nothing else caches an address.
 */
const LIST = "/profile/my-addresses";
const expected = new Set<string>(["notFound", "stale", "limitReached"]);

const FIELDS = [
  "country",
  "label",
  "recipientName",
  "phone",
  "line1",
  "line2",
  "city",
  "region",
  "postalCode",
  "isDefault",
  "addressId",
  "version",
] as const;

function readForm(formData: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of FIELDS) {
    const value = formData.get(field);
    if (typeof value === "string") out[field] = value;
  }
  return out;
}

function refusal(error: unknown, values: Record<string, string>): AddressFormState {
  if (isAppError(error) && expected.has(error.code)) {
    return { status: "error", code: error.code as AddressErrorCode, values };
  }
  const requestId = randomUUID();
  console.error(`addresses: write failed (request ${requestId})`, error);
  return { status: "failed", requestId, values };
}

async function claimsOr(path: string) {
  const claims = await getCurrentClaims();
  if (!claims) redirect(withRedirect("/login", path));
  return claims;
}

function done(notice: AddressNotice): never {
  redirect(`${LIST}?done=${notice}`);
}

export async function createAddressAction(
  _previous: AddressFormState,
  formData: FormData,
): Promise<AddressFormState> {
  const form = formArgument(formData);
  const claims = await claimsOr(`${LIST}/create`);
  const values = readForm(form);
  const parsed = parseWithValidation(addressSchema, values);
  if (!parsed.success) return { status: "invalid", fieldErrors: parsed.fieldErrors, values };
  try {
    await createAddress(claims, parsed.data);
  } catch (error) {
    return refusal(error, values);
  }
  done("created");
}

export async function updateAddressAction(
  _previous: AddressFormState,
  formData: FormData,
): Promise<AddressFormState> {
  const form = formArgument(formData);
  const values = readForm(form);
  // Back to this address after signing in: only a uuid goes into the redirect.
  const claims = await claimsOr(isUuid(values.addressId) ? `${LIST}/${values.addressId}` : LIST);
  const parsed = parseWithValidation(updateAddressSchema, values);
  if (!parsed.success) return { status: "invalid", fieldErrors: parsed.fieldErrors, values };
  try {
    await updateAddress(claims, parsed.data);
  } catch (error) {
    return refusal(error, values);
  }
  done("saved");
}

function listError(error: unknown): never {
  if (isAppError(error) && expected.has(error.code)) redirect(`${LIST}?error=${error.code}`);
  console.error("addresses: list action failed", error);
  redirect(`${LIST}?error=failed`);
}

/** The list's "Delete" (after its confirmation): a plain form post. */
export async function deleteAddressAction(formData: FormData): Promise<void> {
  const form = formArgument(formData);
  const claims = await claimsOr(LIST);
  const id = form.get("addressId");
  // The list's form always sends the version it showed: without one (missing, not a whole
  // number, beyond the int4 column) nothing is deleted, as for a version that moved on.
  const version = versionSchema.safeParse(form.get("version"));
  try {
    if (!version.success) throw new AppError("stale");
    await deleteAddress(claims, typeof id === "string" ? id : "", version.data);
  } catch (error) {
    listError(error);
  }
  done("deleted");
}

/** The list's "Make default": a plain form post. */
export async function setDefaultAddressAction(formData: FormData): Promise<void> {
  const form = formArgument(formData);
  const claims = await claimsOr(LIST);
  const id = form.get("addressId");
  try {
    await setDefaultAddress(claims, typeof id === "string" ? id : "");
  } catch (error) {
    listError(error);
  }
  done("defaultSet");
}
