"use server";

import { revalidatePath } from "next/cache";
import type { ActionState } from "@/lib/backoffice/action-state";
import { formToObject, organisationAction } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { getCurrentClaims } from "@/lib/auth/server/session";
import {
  addContactEmail,
  makePrimaryContactEmailCommand,
  removeContactEmailCommand,
  resendContactEmail,
} from "@/lib/organisations/contact-emails";
import { formArgument } from "@/lib/validation/form-argument";

/** The contact emails screen's actions (settings.contact.write). */
function revalidate<R>(result: ActionState<R>, formData: FormData): ActionState<R> {
  const organisationId = formData.get("organisationId");
  if (result.status === "done" && typeof organisationId === "string") {
    revalidatePath(organisationPath(organisationId, "/settings/contact"));
  }
  return result;
}

const remove = organisationAction(removeContactEmailCommand);
const makePrimary = organisationAction(makePrimaryContactEmailCommand);

export async function addContactEmailAction(
  _previous: ActionState<{ id: string }>,
  formData: FormData,
): Promise<ActionState<{ id: string }>> {
  const form = formArgument(formData);
  const claims = await getCurrentClaims();
  const result = await addContactEmail(claims, form.get("organisationId"), formToObject(form));
  return revalidate(result, form);
}

export async function resendContactEmailAction(
  _previous: ActionState<{ id: string; sent: boolean }>,
  formData: FormData,
): Promise<ActionState<{ id: string; sent: boolean }>> {
  const form = formArgument(formData);
  const claims = await getCurrentClaims();
  const result = await resendContactEmail(claims, form.get("organisationId"), formToObject(form));
  return revalidate(result, form);
}

export async function removeContactEmailAction(
  previous: ActionState<{ id: string }>,
  formData: FormData,
): Promise<ActionState<{ id: string }>> {
  const form = formArgument(formData);
  return revalidate(await remove(previous, form), form);
}

export async function makePrimaryContactEmailAction(
  previous: ActionState<{ id: string }>,
  formData: FormData,
): Promise<ActionState<{ id: string }>> {
  const form = formArgument(formData);
  return revalidate(await makePrimary(previous, form), form);
}
