import "server-only";
import { notFound } from "next/navigation";
import type { BillingOwnerRef } from "./owner";
import { purchasePath, withPurchaseReturn, type BillingPaths, type PurchaseReturn } from "./paths";
import { completeSetupReturn } from "./setups";

/**
 * Where a callback page sends the owner: the card list (or the purchase it was added for)
 * when the setup succeeded, the form again with the reason when not. An unknown setup, or
 * another owner's, is a 404.
 */
export async function setupReturnTarget(
  owner: BillingOwnerRef,
  paths: BillingPaths,
  back: PurchaseReturn | null,
  setupId: unknown,
): Promise<string> {
  // Opened without a setup (a bookmark, the back button): the card list.
  if (setupId === undefined) return paths.list;
  if (typeof setupId !== "string" || !/^seti_[A-Za-z0-9_]{1,200}$/.test(setupId)) notFound();
  const result = await completeSetupReturn(owner, setupId);
  if (!result) notFound();
  if (result.outcome === "saved") {
    return back && owner.kind === "organisation"
      ? purchasePath(owner.organisationId, back)
      : `${paths.list}?done=added`;
  }
  const code = result.outcome === "failed" ? result.failureCode : "unfinished";
  const form = withPurchaseReturn(paths.create, back);
  return `${form}${form.includes("?") ? "&" : "?"}error=${code}`;
}
