"use server";

import { revalidatePath } from "next/cache";
import type { ActionState } from "@/lib/backoffice/action-state";
import { organisationAction } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { updateOrganisationProfileCommand } from "@/lib/organisations/settings";
import { formArgument } from "@/lib/validation/form-argument";

const updateProfile = organisationAction(updateOrganisationProfileCommand);

/** Saves the organisation profile (settings.organisation.write, version check). */
export async function updateOrganisationProfileAction(
  previous: ActionState<{ version: number }>,
  formData: FormData,
): Promise<ActionState<{ version: number }>> {
  const form = formArgument(formData);
  const result = await updateProfile(previous, form);
  const organisationId = form.get("organisationId");
  if (result.status === "done" && typeof organisationId === "string") {
    revalidatePath(organisationPath(organisationId), "layout");
  }
  return result;
}
