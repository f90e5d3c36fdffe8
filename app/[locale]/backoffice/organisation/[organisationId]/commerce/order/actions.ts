"use server";

import { redirect } from "next/navigation";
import type { $ZodType } from "zod/v4/core";
import { getCurrentClaims } from "@/lib/auth/server/session";
import type { ActionState } from "@/lib/backoffice/action-state";
import {
  formToObject,
  runCommand,
  withOrganisationId,
  type CommandConfig,
} from "@/lib/backoffice/doors";
import { organisationRedirectPath } from "@/lib/backoffice/navigation";
import {
  cancelOrderCommand,
  fulfilOrderCommand,
  refundOrderCommand,
} from "@/lib/orders/seller-commands";
import { runOrderTasks } from "@/lib/orders/tasks";
import { formArgument } from "@/lib/validation/form-argument";
import { isUuid } from "@/lib/validation/uuid";

/**
 * The seller's order actions (server actions, CSRF-safe): each runs its command, then the
 * order's follow-up work (refunds to send, emails) and answers with a redirect to the order's
 * page and a notice, so the forms work without JavaScript. The redirect is built from checked
 * ids only: the command's (after the access check) or the form's when they are uuids, else
 * the order list or /backoffice.
 */
async function settle<S extends $ZodType>(
  formData: unknown,
  config: CommandConfig<S, { orderId: string }>,
): Promise<never> {
  const form = formArgument(formData);
  const claims = await getCurrentClaims();
  const organisationId = form.get("organisationId");
  const orderId = form.get("orderId");
  const result: ActionState<{ orderId: string; organisationId: string }> = await runCommand(
    claims,
    organisationId,
    formToObject(form),
    withOrganisationId(config),
  );
  if (result.status === "done") {
    await runOrderTasks().catch(() => 0);
    redirect(`${orderRedirectPath(result.data.organisationId, result.data.orderId)}?done=1`);
  }
  const path = orderRedirectPath(organisationId, orderId);
  const code =
    result.status === "error" ? result.code : result.status === "invalid" ? "invalid" : "failed";
  const field = result.status === "invalid" ? Object.keys(result.fieldErrors)[0] : undefined;
  redirect(`${path}?error=${code}${field ? `&field=${field}` : ""}`);
}

/** The order's page, or the order list when the order id is not a uuid. */
function orderRedirectPath(organisationId: unknown, orderId: unknown): string {
  return organisationRedirectPath(
    organisationId,
    isUuid(orderId) ? `/commerce/order/${orderId.toLowerCase()}` : "/commerce/order",
  );
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
