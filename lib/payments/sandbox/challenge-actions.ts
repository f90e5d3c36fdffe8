"use server";

import { notFound, redirect } from "next/navigation";
import { getSandboxProvider } from "@/lib/payments/get-provider";
import { PaymentProviderError } from "@/lib/payments/provider";
import { formArgument } from "@/lib/validation/form-argument";

/**
 * The sandbox challenge page's two buttons (approve / fail). The intent's id is its only
 * key (unguessable, like a 3-D Secure page's URL); the buyer then goes back to the same-site
 * path given when the payment or setup was created (checked then and again here), or to the
 * challenge page itself when there was none. Only with the sandbox provider.
 */
export async function answerSandboxChallenge(formData: FormData): Promise<void> {
  const form = formArgument(formData);
  const sandbox = getSandboxProvider();
  const intentId = form.get("intentId");
  const outcome = form.get("outcome");
  if (!sandbox || typeof intentId !== "string" || !/^(pi|seti)_[a-z0-9]{1,64}$/.test(intentId)) {
    notFound();
  }
  if (outcome !== "approve" && outcome !== "fail") notFound();
  let target: string;
  try {
    const answer = await sandbox.completeChallenge(intentId, outcome);
    target = answer.returnUrl ?? `/payments/sandbox/challenge/${intentId}`;
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    // Already answered, or unknown: the page shows the intent's state.
    target = `/payments/sandbox/challenge/${intentId}`;
  }
  redirect(target);
}
