"use server";

import { revalidatePath } from "next/cache";
import type { ActionState } from "@/lib/backoffice/action-state";
import { organisationAction } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import {
  createFaqCommand,
  deleteFaqCommand,
  moveFaqCommand,
  updateFaqCommand,
} from "@/lib/organisations/faqs";
import { formArgument } from "@/lib/validation/form-argument";

/** The FAQ screen's actions (settings.faq.write), each revalidating the list. */
async function revalidated<R>(
  run: (previous: ActionState<R>, formData: FormData) => Promise<ActionState<R>>,
  previous: ActionState<R>,
  formData: FormData,
): Promise<ActionState<R>> {
  const result = await run(previous, formData);
  const organisationId = formData.get("organisationId");
  if (result.status === "done" && typeof organisationId === "string") {
    revalidatePath(organisationPath(organisationId, "/settings/faq"));
  }
  return result;
}

const create = organisationAction(createFaqCommand);
const update = organisationAction(updateFaqCommand);
const remove = organisationAction(deleteFaqCommand);
const move = organisationAction(moveFaqCommand);

export async function createFaqAction(previous: ActionState<{ id: string }>, formData: FormData) {
  const form = formArgument(formData);
  return revalidated(create, previous, form);
}

export async function updateFaqAction(previous: ActionState<{ id: string }>, formData: FormData) {
  const form = formArgument(formData);
  return revalidated(update, previous, form);
}

export async function deleteFaqAction(previous: ActionState<{ id: string }>, formData: FormData) {
  const form = formArgument(formData);
  return revalidated(remove, previous, form);
}

export async function moveFaqAction(
  previous: ActionState<{ order: string[] }>,
  formData: FormData,
) {
  const form = formArgument(formData);
  return revalidated(move, previous, form);
}
