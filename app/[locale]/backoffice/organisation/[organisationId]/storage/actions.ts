"use server";

import { revalidatePath } from "next/cache";
import type { ActionState } from "@/lib/backoffice/action-state";
import { formToObject } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { getCurrentClaims } from "@/lib/auth/server/session";
import { createFolder, deleteFileEntry, moveFile, renameFile } from "@/lib/files/commands";
import { formArgument } from "@/lib/validation/form-argument";

/**
 * The storage screen's form actions: each runs its lib/files command as the caller. Create
 * and rename revalidate the screen with the answer; move and delete take the row away, and
 * the row's dialog with it, so their forms refresh the screen themselves after the toast.
 */
type Command<R> = (
  claims: Awaited<ReturnType<typeof getCurrentClaims>>,
  organisationId: unknown,
  input: unknown,
) => Promise<ActionState<R>>;

async function run<R>(
  command: Command<R>,
  formData: FormData,
  revalidate = true,
): Promise<ActionState<R>> {
  const organisationId = formData.get("organisationId");
  const result = await command(await getCurrentClaims(), organisationId, formToObject(formData));
  if (revalidate && result.status === "done" && typeof organisationId === "string") {
    revalidatePath(organisationPath(organisationId, "/storage"));
  }
  return result;
}

export async function createFolderAction(
  _previous: ActionState<{ id: string }>,
  formData: FormData,
): Promise<ActionState<{ id: string }>> {
  const form = formArgument(formData);
  return run(createFolder, form);
}

export async function renameFileAction(
  _previous: ActionState<{ id: string }>,
  formData: FormData,
): Promise<ActionState<{ id: string }>> {
  const form = formArgument(formData);
  return run(renameFile, form);
}

export async function moveFileAction(
  _previous: ActionState<{ id: string }>,
  formData: FormData,
): Promise<ActionState<{ id: string }>> {
  const form = formArgument(formData);
  return run(moveFile, form, false);
}

export async function deleteFileAction(
  _previous: ActionState<{ id: string; removed: number }>,
  formData: FormData,
): Promise<ActionState<{ id: string; removed: number }>> {
  const form = formArgument(formData);
  return run(deleteFileEntry, form, false);
}
