"use server";

import { revalidatePath } from "next/cache";
import { notFound, redirect } from "next/navigation";
import { withRedirect } from "@/lib/auth/guard/redirect-target";
import { getCurrentClaims } from "@/lib/auth/server/session";
import { runCommand } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { getOrganisationAccess } from "@/lib/organisations/access";
import { consumeRateLimit } from "@/lib/rate-limit/rate-limit";
import {
  cardFormSchema,
  errorCodeOf,
  methodFormSchema,
  purchaseReturnSchema,
  type BillingNotice,
} from "./card-schema";
import { detachAtProvider } from "./methods";
import { changeOwnMethod, removeMethodCommand, setDefaultMethodCommand } from "./method-commands";
import { ownerKey, type BillingOwnerRef } from "./owner";
import {
  consumerBillingPaths,
  modulePath,
  organisationBillingPaths,
  purchasePath,
  withPurchaseReturn,
  type BillingPaths,
  type PurchaseReturn,
} from "./paths";
import { chargeState, payPendingCharge, startTierPurchaseCommand } from "./purchase";
import { saveSandboxCard } from "./setups";
import { formArgument } from "@/lib/validation/form-argument";

/**
 * Billing's server actions: plain form posts (they work without JavaScript), each checking
 * the caller itself: a consumer signs in (not as a guest), an organisation's forms need
 * billing.account.write (404 otherwise, as every back-office door). Outcomes are redirects
 * with `?done=` or `?error=` (a known code), never a URL taken from the form.
 */
type Resolved = { owner: BillingOwnerRef; paths: BillingPaths; organisationId: string | null };

async function resolveOwner(formData: FormData, fallback: string): Promise<Resolved> {
  const claims = await getCurrentClaims();
  const organisationId = formData.get("organisationId");
  if (typeof organisationId === "string" && organisationId) {
    const access = await getOrganisationAccess(organisationId);
    if (!access || !access.can("billing.account.write")) notFound();
    const id = access.organisation.id;
    return {
      owner: { kind: "organisation", organisationId: id },
      paths: organisationBillingPaths(id),
      organisationId: id,
    };
  }
  if (!claims || claims.is_anonymous) redirect(withRedirect("/login", fallback));
  return {
    owner: { kind: "user", userId: claims.sub },
    paths: consumerBillingPaths,
    organisationId: null,
  };
}

function readReturn(formData: FormData): PurchaseReturn | null {
  return purchaseReturnSchema.parse({ module: formData.get("module"), tier: formData.get("tier") });
}

function withError(path: string, code: string): string {
  return `${path}${path.includes("?") ? "&" : "?"}error=${errorCodeOf(code)}`;
}

async function limited(key: string, limit: number): Promise<boolean> {
  const result = await consumeRateLimit({ key, limit, windowSeconds: 3600 });
  return !result.allowed;
}

/** The sandbox's card form: saves the card, or sends the caller to the challenge. */
export async function saveCardAction(formData: FormData): Promise<void> {
  const form = formArgument(formData);
  const { owner, paths, organisationId } = await resolveOwner(form, consumerBillingPaths.create);
  const back = organisationId ? readReturn(form) : null;
  const createPath = withPurchaseReturn(paths.create, back);
  if (await limited(`billing-setup:${ownerKey(owner)}`, 20))
    redirect(withError(createPath, "rateLimited"));
  const parsed = cardFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) redirect(withError(createPath, "invalid"));
  const { token, ...card } = parsed.data;
  const result = await saveSandboxCard(
    owner,
    token,
    withPurchaseReturn(paths.callback, back),
    card,
  );
  if (result.outcome === "authenticate") redirect(result.url);
  if (result.outcome === "failed") redirect(withError(createPath, result.failureCode));
  redirect(back && organisationId ? purchasePath(organisationId, back) : done(paths.list, "added"));
}

function done(path: string, notice: BillingNotice): string {
  return `${path}?done=${notice}`;
}

async function changeMethod(formData: FormData, kind: "default" | "remove"): Promise<never> {
  const { owner, paths, organisationId } = await resolveOwner(formData, consumerBillingPaths.list);
  const parsed = methodFormSchema.safeParse({ methodId: formData.get("methodId") });
  if (!parsed.success) redirect(withError(paths.list, "notFound"));
  if (owner.kind === "user") {
    const claims = (await getCurrentClaims())!;
    const changed = await changeOwnMethod(claims, kind, parsed.data.methodId);
    redirect(
      changed
        ? done(paths.list, kind === "default" ? "defaulted" : "removed")
        : withError(paths.list, "notFound"),
    );
  }
  const command = kind === "default" ? setDefaultMethodCommand : removeMethodCommand;
  const state = await runCommand(await getCurrentClaims(), organisationId, parsed.data, command);
  if (state.status !== "done")
    redirect(withError(paths.list, state.status === "error" ? state.code : "failed"));
  if (kind === "remove") await detachAtProvider(state.data.paymentMethodId);
  revalidatePath(organisationPath(organisationId!, "/billing"), "layout");
  redirect(done(paths.list, kind === "default" ? "defaulted" : "removed"));
}

export async function setDefaultMethodAction(formData: FormData): Promise<void> {
  const form = formArgument(formData);
  await changeMethod(form, "default");
}

export async function removeMethodAction(formData: FormData): Promise<void> {
  const form = formArgument(formData);
  await changeMethod(form, "remove");
}

/**
 * The purchase page's "Pay": the charge written pending (permission, tier, card checked),
 * then the card charged; the tier changes only when the payment's event says it succeeded.
 */
export async function purchaseTierAction(formData: FormData): Promise<void> {
  const form = formArgument(formData);
  const claims = await getCurrentClaims();
  const organisationId = form.get("organisationId");
  const back = readReturn(form);
  if (!claims || typeof organisationId !== "string" || !back) notFound();
  const access = await getOrganisationAccess(organisationId);
  if (!access || !access.can("billing.account.write")) notFound();
  const page = purchasePath(access.organisation.id, back);
  if (await limited(`billing-purchase:organisation:${access.organisation.id}`, 10)) {
    redirect(withError(page, "rateLimited"));
  }
  const state = await runCommand(
    claims,
    organisationId,
    { ...back, methodId: form.get("methodId") },
    startTierPurchaseCommand,
  );
  if (state.status === "invalid") redirect(withError(page, "notFound"));
  if (state.status !== "done")
    redirect(withError(page, state.status === "error" ? state.code : "failed"));
  const payment = await payPendingCharge(state.data, `Live Market ${back.module} ${back.tier}`);
  const settled = await chargeState(state.data.chargeId);
  revalidatePath(organisationPath(access.organisation.id), "layout");
  if (settled?.status === "succeeded")
    redirect(done(modulePath(access.organisation.id, back.module), "purchased"));
  if (settled?.status === "failed")
    redirect(withError(page, settled.failureCode ?? "card_declined"));
  if (payment.status === "requires_action" && payment.nextActionUrl)
    redirect(payment.nextActionUrl);
  redirect(withError(page, payment.failureCode ?? "processing"));
}
