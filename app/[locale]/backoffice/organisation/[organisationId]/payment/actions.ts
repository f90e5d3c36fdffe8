"use server";

import { redirect } from "next/navigation";
import { getCurrentClaims } from "@/lib/auth/server/session";
import { formToObject, runCommand, withOrganisationId } from "@/lib/backoffice/doors";
import { organisationRedirectPath } from "@/lib/backoffice/navigation";
import { onboardingLink, startOnboardingCommand } from "@/lib/income/connect";
import { requestPayoutCommand, settlePayouts } from "@/lib/income/payouts";
import { getPaymentProvider } from "@/lib/payments/get-provider";
import { absoluteUrl } from "@/lib/seo/metadata";
import { refundOrderCommand } from "@/lib/orders/seller-commands";
import { runOrderTasks } from "@/lib/orders/tasks";
import { formArgument } from "@/lib/validation/form-argument";
import { isUuid } from "@/lib/validation/uuid";

/**
 * The income pages' actions (server actions, plain forms that work without JavaScript).
 * Refunding runs the orders' own command (lib/orders/seller-commands.ts, payment.refund.write)
 * and sends the refund after the commit; a payout request runs requestPayoutCommand and the
 * sandbox pays it after the commit. Each answers with a redirect and `?done=` or `?error=`,
 * built from checked ids only (organisationRedirectPath): the command's after the access
 * check, or the form's when they are uuids, else a list or /backoffice.
 */
function failurePath(path: string, result: { status: string; code?: string }): string {
  const code =
    result.status === "error" ? result.code : result.status === "invalid" ? "invalid" : "failed";
  return `${path}${path.includes("?") ? "&" : "?"}error=${code}`;
}

export async function refundChargeAction(formData: FormData): Promise<void> {
  const form = formArgument(formData);
  const claims = await getCurrentClaims();
  const organisationId = form.get("organisationId");
  const result = await runCommand(
    claims,
    organisationId,
    formToObject(form),
    withOrganisationId(refundOrderCommand),
  );
  if (result.status === "done") {
    await runOrderTasks().catch(() => 0);
    redirect(`${chargePath(result.data.organisationId, result.data.orderId)}&done=refund`);
  }
  redirect(failurePath(chargePath(organisationId, form.get("orderId")), result));
}

/** The charge's page, or the charge list when the order id is not a uuid (checked ids only). */
function chargePath(organisationId: unknown, orderId: unknown): string {
  return organisationRedirectPath(
    organisationId,
    isUuid(orderId) ? `/payment/charge?id=${orderId.toLowerCase()}` : "/payment/charge",
  );
}

export async function requestPayoutAction(formData: FormData): Promise<void> {
  const form = formArgument(formData);
  const claims = await getCurrentClaims();
  const organisationId = form.get("organisationId");
  const result = await runCommand(
    claims,
    organisationId,
    formToObject(form),
    withOrganisationId(requestPayoutCommand),
  );
  if (result.status === "done") {
    await settlePayouts({ payoutId: result.data.payoutId }).catch((error: unknown) =>
      console.error("income: payout settlement failed", { error }),
    );
    redirect(
      `${organisationRedirectPath(result.data.organisationId, "/payment/balance")}?done=payout`,
    );
  }
  redirect(failurePath(organisationRedirectPath(organisationId, "/payment/balance"), result));
}

/**
 * Stripe Connect onboarding (payment.payout.write, audited): the organisation's express
 * account (made once) and a fresh onboarding link, returning to payment/balance.
 */
export async function startOnboardingAction(formData: FormData): Promise<void> {
  const form = formArgument(formData);
  const claims = await getCurrentClaims();
  const organisationId = form.get("organisationId");
  const result = await runCommand(claims, organisationId, {}, startOnboardingCommand);
  if (result.status !== "done") {
    redirect(failurePath(organisationRedirectPath(organisationId, "/payment/balance"), result));
  }
  const path = organisationRedirectPath(result.data.organisationId, "/payment/balance");
  let url: string;
  try {
    url = await onboardingLink(getPaymentProvider(), result.data.organisationId, absoluteUrl(path));
  } catch (error) {
    console.error("income: onboarding link failed", { error });
    redirect(failurePath(path, { status: "error", code: "payoutUnavailable" }));
  }
  redirect(url);
}
