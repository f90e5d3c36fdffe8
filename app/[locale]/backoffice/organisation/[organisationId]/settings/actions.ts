"use server";

import { revalidatePath } from "next/cache";
import type { ActionState } from "@/lib/backoffice/action-state";
import { organisationAction } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { updateOrganisationProfileCommand } from "@/lib/organisations/settings";

const updateProfile = organisationAction(updateOrganisationProfileCommand);

/** Saves the organisation profile (settings.organisation.write, version check). */
export async function updateOrganisationProfileAction(
  previous: ActionState<{ version: number }>,
  formData: FormData,
): Promise<ActionState<{ version: number }>> {
  const result = await updateProfile(previous, formData);
  const organisationId = formData.get("organisationId");
  if (result.status === "done" && typeof organisationId === "string") {
    revalidatePath(organisationPath(organisationId), "layout");
  }
  return result;
}
