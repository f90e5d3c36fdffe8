"use server";

import { revalidatePath, updateTag } from "next/cache";
import type { ActionState } from "@/lib/backoffice/action-state";
import { formToObject } from "@/lib/backoffice/doors";
import { moderationPath } from "@/lib/backoffice/navigation";
import { getCurrentClaims } from "@/lib/auth/server/session";
import { decideReview, type ReviewDecided } from "@/lib/moderation/moderation";
import { formArgument } from "@/lib/validation/form-argument";

/**
 * A moderator's decision (restore or remove a reported review). The listing's public page
 * and its kind's lists are expired at once, so the change shows on the next request.
 */
export async function decideReviewAction(
  _previous: ActionState<ReviewDecided>,
  formData: FormData,
): Promise<ActionState<ReviewDecided>> {
  const form = formArgument(formData);
  const result = await decideReview(await getCurrentClaims(), formToObject(form));
  if (result.status === "done") {
    for (const tag of result.data.tags) updateTag(tag);
    revalidatePath(moderationPath);
  }
  return result;
}
