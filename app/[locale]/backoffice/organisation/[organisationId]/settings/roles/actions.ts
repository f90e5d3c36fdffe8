"use server";

import { revalidatePath } from "next/cache";
import type { ActionState } from "@/lib/backoffice/action-state";
import { organisationAction } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { createRoleCommand, deleteRoleCommand, updateRoleCommand } from "@/lib/organisations/roles";
import { formArgument } from "@/lib/validation/form-argument";

function revalidateRoles(formData: FormData) {
  const id = formData.get("organisationId");
  if (typeof id !== "string") return;
  revalidatePath(organisationPath(id, "/settings/roles"));
  revalidatePath(organisationPath(id, "/settings/permissions"));
}

export async function createRoleAction(
  previous: ActionState<{ id: string }>,
  formData: FormData,
): Promise<ActionState<{ id: string }>> {
  const form = formArgument(formData);
  const state = await organisationAction(createRoleCommand)(previous, form);
  if (state.status === "done") revalidateRoles(form);
  return state;
}

export async function updateRoleAction(
  previous: ActionState<{ version: number }>,
  formData: FormData,
): Promise<ActionState<{ version: number }>> {
  const form = formArgument(formData);
  const state = await organisationAction(updateRoleCommand)(previous, form);
  if (state.status === "done") revalidateRoles(form);
  return state;
}

export async function deleteRoleAction(
  previous: ActionState<null>,
  formData: FormData,
): Promise<ActionState<null>> {
  const form = formArgument(formData);
  // No revalidation here: the deleted row's dialog refreshes the page once it has shown
  // the answer (components/backoffice/admin/delete-role-dialog.tsx).
  return organisationAction(deleteRoleCommand)(previous, form);
}
