"use server";

import { getLocale } from "next-intl/server";
import { failureState, formToObject } from "@/lib/backoffice/doors";
import type { ActionState } from "@/lib/backoffice/action-state";
import { getCurrentClaims } from "@/lib/auth/server/session";
import { isLocale } from "@/lib/i18n/config";
import { registerOrganisationSchema } from "@/lib/organisations/organisation-schema";
import { registerOrganisation } from "@/lib/organisations/register";
import { parseWithValidation } from "@/lib/validation/parse";
import { formArgument } from "@/lib/validation/form-argument";

/** Registers an organisation for the caller, who becomes its owner. */
export async function registerOrganisationAction(
  _previous: ActionState<{ id: string }>,
  formData: FormData,
): Promise<ActionState<{ id: string }>> {
  const form = formArgument(formData);
  const claims = await getCurrentClaims();
  if (!claims) return { status: "error", code: "notFound" };
  const parsed = parseWithValidation(registerOrganisationSchema, formToObject(form));
  if (!parsed.success) return { status: "invalid", fieldErrors: parsed.fieldErrors };
  const locale = await getLocale();
  try {
    const created = await registerOrganisation(
      claims,
      parsed.data,
      isLocale(locale) ? locale : "en",
    );
    return { status: "done", data: created };
  } catch (error) {
    return failureState(error, "organisations: register");
  }
}
