"use server";

import { revalidatePath, updateTag } from "next/cache";
import type { ActionState } from "@/lib/backoffice/action-state";
import { organisationAction } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { createBrandCommand, deleteBrandCommand, updateBrandCommand } from "@/lib/commerce/brands";
import { kindTag } from "@/lib/listings/cache-tags";
import { formArgument } from "@/lib/validation/form-argument";

/**
 * The brand screens' actions (commerce.brand.write). After a write: the back office's commerce
 * screens are revalidated (a product's brand shows there too), and the public product pages'
 * tag is expired at once, since they show the brand's name and website.
 */
function settle<R>(result: ActionState<R>, formData: FormData): ActionState<R> {
  const organisationId = formData.get("organisationId");
  if (result.status === "done" && typeof organisationId === "string") {
    revalidatePath(organisationPath(organisationId, "/commerce"), "layout");
    updateTag(kindTag("product"));
  }
  return result;
}

const create = organisationAction(createBrandCommand);
const update = organisationAction(updateBrandCommand);
const remove = organisationAction(deleteBrandCommand);

type Write = { id: string; version: number };

export async function createBrandAction(
  previous: ActionState<Write>,
  formData: FormData,
): Promise<ActionState<Write>> {
  const form = formArgument(formData);
  return settle(await create(previous, form), form);
}

export async function updateBrandAction(
  previous: ActionState<Write>,
  formData: FormData,
): Promise<ActionState<Write>> {
  const form = formArgument(formData);
  return settle(await update(previous, form), form);
}

export async function deleteBrandAction(
  previous: ActionState<{ id: string }>,
  formData: FormData,
): Promise<ActionState<{ id: string }>> {
  const form = formArgument(formData);
  return settle(await remove(previous, form), form);
}
