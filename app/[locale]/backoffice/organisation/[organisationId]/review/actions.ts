"use server";

import { revalidatePath, updateTag } from "next/cache";
import type { ActionState } from "@/lib/backoffice/action-state";
import { organisationAction } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { replyReviewCommand, reportReviewCommand } from "@/lib/reviews/reviews";
import { formArgument } from "@/lib/validation/form-argument";

/** The reviews screen's actions: answer a review, report one to moderation. */
type Write = { id: string; tags: string[] };

function settle(result: ActionState<Write>, formData: FormData): ActionState<Write> {
  const organisationId = formData.get("organisationId");
  if (result.status === "done" && typeof organisationId === "string") {
    revalidatePath(organisationPath(organisationId, "/review"));
    for (const tag of result.data.tags) updateTag(tag);
  }
  return result;
}

const reply = organisationAction(replyReviewCommand);
const report = organisationAction(reportReviewCommand);

export async function replyReviewAction(previous: ActionState<Write>, formData: FormData) {
  const form = formArgument(formData);
  return settle(await reply(previous, form), form);
}

export async function reportReviewAction(previous: ActionState<Write>, formData: FormData) {
  const form = formArgument(formData);
  return settle(await report(previous, form), form);
}
