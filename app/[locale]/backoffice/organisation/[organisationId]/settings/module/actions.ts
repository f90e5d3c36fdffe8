"use server";

import { revalidatePath } from "next/cache";
import type { ActionState } from "@/lib/backoffice/action-state";
import { organisationAction } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import type { ModuleName, ModuleTier } from "@/lib/modules/catalogue";
import { disableModuleCommand, enableModuleCommand } from "@/lib/modules/organisation-modules";
import { formArgument } from "@/lib/validation/form-argument";

/** The menu and every screen depend on the modules that are on: refresh the whole frame. */
function revalidateFrame(formData: FormData) {
  const id = formData.get("organisationId");
  if (typeof id === "string") revalidatePath(organisationPath(id), "layout");
}

export async function enableModuleAction(
  previous: ActionState<{ module: ModuleName; tier: ModuleTier; changed: boolean }>,
  formData: FormData,
): Promise<ActionState<{ module: ModuleName; tier: ModuleTier; changed: boolean }>> {
  const form = formArgument(formData);
  const state = await organisationAction(enableModuleCommand)(previous, form);
  if (state.status === "done") revalidateFrame(form);
  return state;
}

export async function disableModuleAction(
  previous: ActionState<{ module: ModuleName; changed: boolean }>,
  formData: FormData,
): Promise<ActionState<{ module: ModuleName; changed: boolean }>> {
  const form = formArgument(formData);
  const state = await organisationAction(disableModuleCommand)(previous, form);
  if (state.status === "done") revalidateFrame(form);
  return state;
}
