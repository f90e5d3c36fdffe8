"use server";

import { revalidatePath, updateTag } from "next/cache";
import type { ActionState } from "@/lib/backoffice/action-state";
import { formToObject, organisationAction } from "@/lib/backoffice/doors";
import { getCurrentClaims } from "@/lib/auth/server/session";
import { galleryCommands, productGallery, removeListingImage } from "@/lib/listings/gallery";
import { organisationPath } from "@/lib/backoffice/navigation";
import {
  createProductCommand,
  saveVariantsCommand,
  updateProductCommand,
} from "@/lib/commerce/products";
import {
  createAttributeCommand,
  createExternalIdCommand,
  deleteAttributeCommand,
  deleteExternalIdCommand,
  updateAttributeCommand,
  updateExternalIdCommand,
} from "@/lib/commerce/product-parts";
import { duplicateProductCommand, setProductStatusCommand } from "@/lib/commerce/product-status";
import { setListingLocationCommand } from "@/lib/listings/location";
import { formArgument } from "@/lib/validation/form-argument";

/**
 * The product screens' actions. After a write: the back office's commerce screens are
 * revalidated, and the public pages' cache tags the command answered are expired at once
 * (`updateTag`: the next request renders afresh, on every instance through the shared cache).
 */
function settle<R extends { tags: string[] }>(
  result: ActionState<R>,
  formData: FormData,
): ActionState<R> {
  const organisationId = formData.get("organisationId");
  if (result.status === "done" && typeof organisationId === "string") {
    revalidatePath(organisationPath(organisationId, "/commerce"), "layout");
    for (const tag of result.data.tags) updateTag(tag);
  }
  return result;
}

/** The variants editor posts its nested values as one JSON field, `payload`. */
function readPayload(formData: FormData): unknown {
  const payload = formData.get("payload");
  if (typeof payload !== "string") return {};
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return {};
  }
}

const create = organisationAction(createProductCommand);
const update = organisationAction(updateProductCommand);
const variants = organisationAction({ ...saveVariantsCommand, read: readPayload });
const status = organisationAction(setProductStatusCommand);
const duplicate = organisationAction(duplicateProductCommand);
const addAttribute = organisationAction(createAttributeCommand);
const editAttribute = organisationAction(updateAttributeCommand);
const removeAttribute = organisationAction(deleteAttributeCommand);
const addExternalId = organisationAction(createExternalIdCommand);
const editExternalId = organisationAction(updateExternalIdCommand);
const removeExternalId = organisationAction(deleteExternalIdCommand);
const locate = organisationAction(setListingLocationCommand("product"));

type Write = { id: string; version: number; tags: string[] };

export async function createProductAction(previous: ActionState<Write>, formData: FormData) {
  const form = formArgument(formData);
  return settle(await create(previous, form), form);
}

export async function updateProductAction(previous: ActionState<Write>, formData: FormData) {
  const form = formArgument(formData);
  return settle(await update(previous, form), form);
}

export async function saveVariantsAction(previous: ActionState<Write>, formData: FormData) {
  const form = formArgument(formData);
  return settle(await variants(previous, form), form);
}

export async function setProductStatusAction(
  previous: ActionState<{ ids: string[]; tags: string[] }>,
  formData: FormData,
) {
  const form = formArgument(formData);
  return settle(await status(previous, form), form);
}

export async function duplicateProductAction(previous: ActionState<Write>, formData: FormData) {
  const form = formArgument(formData);
  return settle(await duplicate(previous, form), form);
}

export async function createAttributeAction(
  previous: ActionState<Write & { name: string }>,
  formData: FormData,
) {
  const form = formArgument(formData);
  return settle(await addAttribute(previous, form), form);
}

export async function updateAttributeAction(
  previous: ActionState<Write & { name: string }>,
  formData: FormData,
) {
  const form = formArgument(formData);
  return settle(await editAttribute(previous, form), form);
}

export async function deleteAttributeAction(previous: ActionState<Write>, formData: FormData) {
  const form = formArgument(formData);
  return settle(await removeAttribute(previous, form), form);
}

export async function createExternalIdAction(
  previous: ActionState<Write & { externalId: string }>,
  formData: FormData,
) {
  const form = formArgument(formData);
  return settle(await addExternalId(previous, form), form);
}

export async function updateExternalIdAction(
  previous: ActionState<Write & { externalId: string }>,
  formData: FormData,
) {
  const form = formArgument(formData);
  return settle(await editExternalId(previous, form), form);
}

export async function deleteExternalIdAction(previous: ActionState<Write>, formData: FormData) {
  const form = formArgument(formData);
  return settle(await removeExternalId(previous, form), form);
}

// ── Gallery ──────────────────────────────────────────────────────────────────────────────

const gallery = galleryCommands(productGallery);
const altText = organisationAction(gallery.setAltText);
const moveImage = organisationAction(gallery.move);

type GalleryDone = { id: string; tags: string[] };

export async function setImageAltTextAction(
  previous: ActionState<GalleryDone>,
  formData: FormData,
) {
  const form = formArgument(formData);
  return settle(await altText(previous, form), form);
}

export async function moveImageAction(previous: ActionState<GalleryDone>, formData: FormData) {
  const form = formArgument(formData);
  return settle(await moveImage(previous, form), form);
}

export async function removeImageAction(_previous: ActionState<GalleryDone>, formData: FormData) {
  const form = formArgument(formData);
  const claims = await getCurrentClaims();
  const state = await removeListingImage(
    claims,
    form.get("organisationId"),
    productGallery,
    formToObject(form),
  );
  return settle(state, form);
}

/** The details page's location section: expires `listing:<id>` and `listings:product`. */
export async function setProductLocationAction(previous: ActionState<Write>, formData: FormData) {
  const form = formArgument(formData);
  return settle(await locate(previous, form), form);
}
