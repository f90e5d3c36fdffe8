"use server";

import { revalidatePath } from "next/cache";
import type { ActionState } from "@/lib/backoffice/action-state";
import { organisationAction } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import {
  createScheduleCommand,
  deleteScheduleCommand,
  updateScheduleCommand,
} from "@/lib/schedules/schedules";
import { formArgument } from "@/lib/validation/form-argument";

/**
 * The schedule screens' actions (settings.schedule.write). The schedule form posts its
 * nested values as one JSON field, `payload`, parsed by the same schema as in the browser.
 */
function readPayload(formData: FormData): unknown {
  const payload = formData.get("payload");
  if (typeof payload !== "string") return {};
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return {};
  }
}

function revalidate<R>(result: ActionState<R>, formData: FormData): ActionState<R> {
  const organisationId = formData.get("organisationId");
  if (result.status === "done" && typeof organisationId === "string") {
    revalidatePath(organisationPath(organisationId, "/settings/schedule"), "layout");
  }
  return result;
}

const create = organisationAction({ ...createScheduleCommand, read: readPayload });
const update = organisationAction({ ...updateScheduleCommand, read: readPayload });
const remove = organisationAction(deleteScheduleCommand);

export async function createScheduleAction(
  previous: ActionState<{ id: string; version: number }>,
  formData: FormData,
): Promise<ActionState<{ id: string; version: number }>> {
  const form = formArgument(formData);
  return revalidate(await create(previous, form), form);
}

export async function updateScheduleAction(
  previous: ActionState<{ id: string; version: number }>,
  formData: FormData,
): Promise<ActionState<{ id: string; version: number }>> {
  const form = formArgument(formData);
  return revalidate(await update(previous, form), form);
}

export async function deleteScheduleAction(
  previous: ActionState<{ id: string }>,
  formData: FormData,
): Promise<ActionState<{ id: string }>> {
  const form = formArgument(formData);
  return revalidate(await remove(previous, form), form);
}
