"use server";

import { revalidatePath } from "next/cache";
import type { ActionState } from "@/lib/backoffice/action-state";
import { organisationAction } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import {
  createDeliveryRateCommand,
  updateDeliveryRateCommand,
  updateSellingTermsCommand,
  type SettingsWrite,
} from "@/lib/selling-terms/settings-commands";
import { formArgument } from "@/lib/validation/form-argument";

/** The selling-terms screen's actions (commerce.settings.write); the screen is revalidated. */
function settle(result: ActionState<SettingsWrite>, formData: FormData) {
  const organisationId = formData.get("organisationId");
  if (result.status === "done" && typeof organisationId === "string") {
    revalidatePath(organisationPath(organisationId, "/commerce/settings"));
  }
  return result;
}

const terms = organisationAction(updateSellingTermsCommand);
const createRate = organisationAction(createDeliveryRateCommand);
const updateRate = organisationAction(updateDeliveryRateCommand);

export async function updateSellingTermsAction(
  previous: ActionState<SettingsWrite>,
  formData: FormData,
): Promise<ActionState<SettingsWrite>> {
  const form = formArgument(formData);
  return settle(await terms(previous, form), form);
}

export async function createDeliveryRateAction(
  previous: ActionState<SettingsWrite>,
  formData: FormData,
): Promise<ActionState<SettingsWrite>> {
  const form = formArgument(formData);
  return settle(await createRate(previous, form), form);
}

export async function updateDeliveryRateAction(
  previous: ActionState<SettingsWrite>,
  formData: FormData,
): Promise<ActionState<SettingsWrite>> {
  const form = formArgument(formData);
  return settle(await updateRate(previous, form), form);
}
