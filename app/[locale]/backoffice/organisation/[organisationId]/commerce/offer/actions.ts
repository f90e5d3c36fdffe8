"use server";

import { revalidatePath, updateTag } from "next/cache";
import type { ActionState } from "@/lib/backoffice/action-state";
import { organisationAction } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import {
  createOfferCommand,
  deleteOfferCommand,
  endOfferCommand,
  updateOfferCommand,
  type OfferWrite,
} from "@/lib/commerce/offer-commands";
import { offerWriteTags } from "@/lib/listings/cache-tags";
import { formArgument } from "@/lib/validation/form-argument";

/**
 * The offer screens' actions (commerce.offer.write). After a write the back office's commerce
 * screens are revalidated, and the public tags it touched expire at once: the offers page and
 * the section bar (`offers`), the products' lists and the product's own page.
 */
function settle(result: ActionState<OfferWrite>, formData: FormData): ActionState<OfferWrite> {
  const organisationId = formData.get("organisationId");
  if (result.status === "done" && typeof organisationId === "string") {
    revalidatePath(organisationPath(organisationId, "/commerce"), "layout");
    for (const tag of offerWriteTags(result.data.listingIds)) updateTag(tag);
  }
  return result;
}

const create = organisationAction(createOfferCommand);
const update = organisationAction(updateOfferCommand);
const end = organisationAction(endOfferCommand);
const remove = organisationAction(deleteOfferCommand);

export async function createOfferAction(
  previous: ActionState<OfferWrite>,
  formData: FormData,
): Promise<ActionState<OfferWrite>> {
  const form = formArgument(formData);
  return settle(await create(previous, form), form);
}

export async function updateOfferAction(
  previous: ActionState<OfferWrite>,
  formData: FormData,
): Promise<ActionState<OfferWrite>> {
  const form = formArgument(formData);
  return settle(await update(previous, form), form);
}

export async function endOfferAction(
  previous: ActionState<OfferWrite>,
  formData: FormData,
): Promise<ActionState<OfferWrite>> {
  const form = formArgument(formData);
  return settle(await end(previous, form), form);
}

export async function deleteOfferAction(
  previous: ActionState<OfferWrite>,
  formData: FormData,
): Promise<ActionState<OfferWrite>> {
  const form = formArgument(formData);
  return settle(await remove(previous, form), form);
}
