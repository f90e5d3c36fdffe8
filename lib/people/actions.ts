"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { ActionState } from "@/lib/backoffice/action-state";
import { formToObject } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { getCurrentClaims } from "@/lib/auth/server/session";
import type { UserClaims } from "@/lib/db/context";
import {
  changeEmploymentRole,
  endEmployment,
  reactivateEmployment,
  suspendEmployment,
} from "./employment-commands";
import { invitePerson, resendInvitation, revokeInvitation } from "./invitation-commands";
import { acceptInvitation, declineInvitation } from "./invitee";
import { formArgument } from "@/lib/validation/form-argument";

/**
 * The people screens' server actions (useActionState signature): each reads the form, runs
 * its command for the caller and, when something changed, revalidates the organisation's
 * back office (lists, details, dashboard counts) or the invitee's pages.
 */
type Command<R> = (
  claims: UserClaims | null,
  organisationId: unknown,
  rawInput: unknown,
) => Promise<ActionState<R>>;

async function runForOrganisation<R>(command: Command<R>, formData: FormData) {
  const organisationId = formData.get("organisationId");
  const result = await command(await getCurrentClaims(), organisationId, formToObject(formData));
  if (result.status === "done" && typeof organisationId === "string") {
    revalidatePath(organisationPath(organisationId), "layout");
  }
  return result;
}

export async function inviteAction(
  _previous: ActionState<{ id: string }>,
  formData: FormData,
): Promise<ActionState<{ id: string }>> {
  const form = formArgument(formData);
  return runForOrganisation(invitePerson, form);
}

export async function resendInvitationAction(
  _previous: ActionState<{ id: string }>,
  formData: FormData,
): Promise<ActionState<{ id: string }>> {
  const form = formArgument(formData);
  return runForOrganisation(resendInvitation, form);
}

export async function revokeInvitationAction(
  _previous: ActionState<{ id: string }>,
  formData: FormData,
): Promise<ActionState<{ id: string }>> {
  const form = formArgument(formData);
  return runForOrganisation(revokeInvitation, form);
}

type EmploymentResult = ActionState<{ id: string; version: number }>;

export async function changeRoleAction(
  _previous: EmploymentResult,
  formData: FormData,
): Promise<EmploymentResult> {
  const form = formArgument(formData);
  return runForOrganisation(changeEmploymentRole, form);
}

export async function suspendEmploymentAction(
  _previous: EmploymentResult,
  formData: FormData,
): Promise<EmploymentResult> {
  const form = formArgument(formData);
  return runForOrganisation(suspendEmployment, form);
}

export async function reactivateEmploymentAction(
  _previous: EmploymentResult,
  formData: FormData,
): Promise<EmploymentResult> {
  const form = formArgument(formData);
  return runForOrganisation(reactivateEmployment, form);
}

export async function endEmploymentAction(
  _previous: EmploymentResult,
  formData: FormData,
): Promise<EmploymentResult> {
  const form = formArgument(formData);
  return runForOrganisation(endEmployment, form);
}

type AnswerResult = ActionState<{ organisationId: string }>;

export async function acceptInvitationAction(
  _previous: AnswerResult,
  formData: FormData,
): Promise<AnswerResult> {
  const form = formArgument(formData);
  const result = await acceptInvitation(await getCurrentClaims(), formToObject(form));
  if (result.status !== "done") return result;
  // The new member lands on the organisation's dashboard. A redirect from here, not from the
  // client: the revalidated page no longer renders the form that would have navigated.
  revalidatePath("/profile/invitation", "layout");
  redirect(organisationPath(result.data.organisationId, "/dashboard"));
}

export async function declineInvitationAction(
  _previous: AnswerResult,
  formData: FormData,
): Promise<AnswerResult> {
  const form = formArgument(formData);
  const result = await declineInvitation(await getCurrentClaims(), formToObject(form));
  if (result.status === "done") revalidatePath("/profile/invitation", "layout");
  return result;
}
