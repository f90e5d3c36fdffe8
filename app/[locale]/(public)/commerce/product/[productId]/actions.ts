"use server";

import { updateTag } from "next/cache";
import { getCurrentClaims } from "@/lib/auth/server/session";
import type { ActionState } from "@/lib/backoffice/action-state";
import { formToObject } from "@/lib/backoffice/doors";
import { deleteReview, updateReview, writeReview } from "@/lib/reviews/reviews";
import { formArgument } from "@/lib/validation/form-argument";

/**
 * A shopper's review of the product: write, edit, delete. The signed-in user is the author;
 * after a write the product's cached public data (its page, the lists that show its rating)
 * is expired at once.
 */
type Write = { id: string; tags: string[] };

function settle(result: ActionState<Write>): ActionState<Write> {
  if (result.status === "done") for (const tag of result.data.tags) updateTag(tag);
  return result;
}

export async function writeReviewAction(_: ActionState<Write>, formData: FormData) {
  const form = formArgument(formData);
  return settle(await writeReview(await getCurrentClaims(), formToObject(form)));
}

export async function updateReviewAction(_: ActionState<Write>, formData: FormData) {
  const form = formArgument(formData);
  return settle(await updateReview(await getCurrentClaims(), formToObject(form)));
}

export async function deleteReviewAction(_: ActionState<Write>, formData: FormData) {
  const form = formArgument(formData);
  return settle(await deleteReview(await getCurrentClaims(), formToObject(form)));
}
