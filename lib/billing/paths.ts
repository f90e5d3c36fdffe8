import { organisationPath } from "@/lib/backoffice/navigation";
import type { ModuleName, ModuleTier } from "@/lib/modules/catalogue";

/** Where one owner's card screens live (spec §2: profile and back office routes). */
export interface BillingPaths {
  list: string;
  create: string;
  callback: string;
}

export const consumerBillingPaths: BillingPaths = {
  list: "/profile/billing/payment-method",
  create: "/profile/billing/payment-method/create",
  callback: "/profile/billing/payment-method/callback",
};

export function organisationBillingPaths(organisationId: string): BillingPaths {
  return {
    list: organisationPath(organisationId, "/billing/payment-method"),
    create: organisationPath(organisationId, "/billing/create"),
    callback: organisationPath(organisationId, "/billing/callback"),
  };
}

/** A purchase to come back to after adding a card (never a free-form URL: no open redirect). */
export interface PurchaseReturn {
  module: ModuleName;
  tier: ModuleTier;
}

export function purchasePath(organisationId: string, { module, tier }: PurchaseReturn): string {
  return organisationPath(organisationId, `/settings/module/${module}/${tier}/purchase`);
}

export function modulePath(organisationId: string, module: ModuleName): string {
  return organisationPath(organisationId, `/settings/module/${module}`);
}

/** `path` with the purchase to return to as query parameters. */
export function withPurchaseReturn(path: string, back: PurchaseReturn | null): string {
  return back ? `${path}?module=${back.module}&tier=${back.tier}` : path;
}
