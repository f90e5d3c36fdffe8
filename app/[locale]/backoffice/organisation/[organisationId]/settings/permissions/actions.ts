"use server";

import { revalidatePath } from "next/cache";
import type { ActionState } from "@/lib/backoffice/action-state";
import { organisationAction } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import type { Permission } from "@/lib/permissions/catalogue";
import { saveRolePermissionsCommand } from "@/lib/organisations/roles";
import { formArgument } from "@/lib/validation/form-argument";

type Saved = { version: number; permissions: Permission[] };

/** Saves one custom role's column of the permission matrix. */
export async function saveRolePermissionsAction(
  previous: ActionState<Saved>,
  formData: FormData,
): Promise<ActionState<Saved>> {
  const form = formArgument(formData);
  const state = await organisationAction(saveRolePermissionsCommand)(previous, form);
  const id = form.get("organisationId");
  if (state.status === "done" && typeof id === "string") {
    // Members holding the role see other menus and screens: refresh the whole frame.
    revalidatePath(organisationPath(id), "layout");
  }
  return state;
}
