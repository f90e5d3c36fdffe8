"use server";

import { revalidatePath } from "next/cache";
import type { ActionState } from "@/lib/backoffice/action-state";
import { organisationAction } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import {
  createDiscountCommand,
  setDiscountActiveCommand,
  updateDiscountCommand,
  type DiscountWrite,
} from "@/lib/selling-terms/discount-commands";
import { formArgument } from "@/lib/validation/form-argument";

/** The discount screens' actions (commerce.discount.write); the code screens are revalidated. */
function settle(result: ActionState<DiscountWrite>, formData: FormData) {
  const organisationId = formData.get("organisationId");
  if (result.status === "done" && typeof organisationId === "string") {
    revalidatePath(organisationPath(organisationId, "/commerce/discount"), "layout");
  }
  return result;
}

const create = organisationAction(createDiscountCommand);
const update = organisationAction(updateDiscountCommand);
const setActive = organisationAction(setDiscountActiveCommand);

export async function createDiscountAction(
  previous: ActionState<DiscountWrite>,
  formData: FormData,
): Promise<ActionState<DiscountWrite>> {
  const form = formArgument(formData);
  return settle(await create(previous, form), form);
}

export async function updateDiscountAction(
  previous: ActionState<DiscountWrite>,
  formData: FormData,
): Promise<ActionState<DiscountWrite>> {
  const form = formArgument(formData);
  return settle(await update(previous, form), form);
}

export async function setDiscountActiveAction(
  previous: ActionState<DiscountWrite>,
  formData: FormData,
): Promise<ActionState<DiscountWrite>> {
  const form = formArgument(formData);
  return settle(await setActive(previous, form), form);
}
