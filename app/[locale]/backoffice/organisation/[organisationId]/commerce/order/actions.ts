"use server";

import { redirect } from "next/navigation";
import type { $ZodType } from "zod/v4/core";
import { getCurrentClaims } from "@/lib/auth/server/session";
import type { ActionState } from "@/lib/backoffice/action-state";
import { formToObject, runCommand, type CommandConfig } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import {
  cancelOrderCommand,
  fulfilOrderCommand,
  refundOrderCommand,
} from "@/lib/orders/seller-commands";
import { runOrderTasks } from "@/lib/orders/tasks";

/**
 * The seller's order actions (server actions, CSRF-safe): each runs its command, then the
 * order's follow-up work (refunds to send, emails) and answers with a redirect to the order's
 * page and a notice, so the forms work without JavaScript.
 */
async function settle<S extends $ZodType>(
  formData: FormData,
  config: CommandConfig<S, { orderId: string }>,
): Promise<never> {
  const claims = await getCurrentClaims();
  const organisationId = String(formData.get("organisationId") ?? "");
  const orderId = String(formData.get("orderId") ?? "");
  const result: ActionState<{ orderId: string }> = await runCommand(
    claims,
    organisationId,
    formToObject(formData),
    config,
  );
  const path = organisationPath(organisationId, `/commerce/order/${encodeURIComponent(orderId)}`);
  if (result.status === "done") {
    await runOrderTasks().catch(() => 0);
    redirect(`${path}?done=1`);
  }
  const code =
    result.status === "error" ? result.code : result.status === "invalid" ? "invalid" : "failed";
  const field = result.status === "invalid" ? Object.keys(result.fieldErrors)[0] : undefined;
  redirect(`${path}?error=${code}${field ? `&field=${field}` : ""}`);
}

export async function fulfilOrderAction(formData: FormData): Promise<void> {
  await settle(formData, fulfilOrderCommand);
}

export async function refundOrderAction(formData: FormData): Promise<void> {
  await settle(formData, refundOrderCommand);
}

export async function cancelOrderAction(formData: FormData): Promise<void> {
  await settle(formData, cancelOrderCommand);
}
