"use server";

import { redirect } from "next/navigation";
import { getCurrentClaims } from "@/lib/auth/server/session";
import { formToObject, runCommand } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { onboardingLink, startOnboardingCommand } from "@/lib/income/connect";
import { requestPayoutCommand, settlePayouts } from "@/lib/income/payouts";
import { getPaymentProvider } from "@/lib/payments/get-provider";
import { absoluteUrl } from "@/lib/seo/metadata";
import { refundOrderCommand } from "@/lib/orders/seller-commands";
import { runOrderTasks } from "@/lib/orders/tasks";

/**
 * The income pages' actions (server actions, plain forms that work without JavaScript).
 * Refunding runs the orders' own command (lib/orders/seller-commands.ts, payment.refund.write)
 * and sends the refund after the commit; a payout request runs requestPayoutCommand and the
 * sandbox pays it after the commit. Each answers with a redirect and `?done=` or `?error=`.
 */
function failurePath(path: string, result: { status: string; code?: string }): string {
  const code =
    result.status === "error" ? result.code : result.status === "invalid" ? "invalid" : "failed";
  return `${path}${path.includes("?") ? "&" : "?"}error=${code}`;
}

export async function refundChargeAction(formData: FormData): Promise<void> {
  const claims = await getCurrentClaims();
  const organisationId = String(formData.get("organisationId") ?? "");
  const orderId = String(formData.get("orderId") ?? "");
  const result = await runCommand(
    claims,
    organisationId,
    formToObject(formData),
    refundOrderCommand,
  );
  const path = organisationPath(
    organisationId,
    `/payment/charge?id=${encodeURIComponent(orderId)}`,
  );
  if (result.status === "done") {
    await runOrderTasks().catch(() => 0);
    redirect(`${path}&done=refund`);
  }
  redirect(failurePath(path, result));
}

export async function requestPayoutAction(formData: FormData): Promise<void> {
  const claims = await getCurrentClaims();
  const organisationId = String(formData.get("organisationId") ?? "");
  const result = await runCommand(
    claims,
    organisationId,
    formToObject(formData),
    requestPayoutCommand,
  );
  const path = organisationPath(organisationId, "/payment/balance");
  if (result.status === "done") {
    await settlePayouts({ payoutId: result.data.payoutId }).catch((error: unknown) =>
      console.error("income: payout settlement failed", { error }),
    );
    redirect(`${path}?done=payout`);
  }
  redirect(failurePath(path, result));
}

/**
 * Stripe Connect onboarding (payment.payout.write, audited): the organisation's express
 * account (made once) and a fresh onboarding link, returning to payment/balance.
 */
export async function startOnboardingAction(formData: FormData): Promise<void> {
  const claims = await getCurrentClaims();
  const organisationId = String(formData.get("organisationId") ?? "");
  const result = await runCommand(claims, organisationId, {}, startOnboardingCommand);
  const path = organisationPath(organisationId, "/payment/balance");
  if (result.status !== "done") redirect(failurePath(path, result));
  let url: string;
  try {
    url = await onboardingLink(getPaymentProvider(), result.data.organisationId, absoluteUrl(path));
  } catch (error) {
    console.error("income: onboarding link failed", { error });
    redirect(failurePath(path, { status: "error", code: "payoutUnavailable" }));
  }
  redirect(url);
}
