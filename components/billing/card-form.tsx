import { randomUUID } from "node:crypto";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { FormField } from "@/components/ui/form-field";
import { Button, buttonVariants } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { saveCardAction } from "@/lib/billing/actions";
import type { BillingOwnerRef } from "@/lib/billing/owner";
import { withPurchaseReturn, type BillingPaths, type PurchaseReturn } from "@/lib/billing/paths";
import { startSetup } from "@/lib/billing/setups";
import { getPaymentProvider } from "@/lib/payments/get-provider";
import { StripeSetupForm } from "./stripe-setup-form";

/**
 * The "add a card" form of either owner. With the sandbox: its own card form, a plain post
 * to saveCardAction (works without JavaScript); the form's one-time token makes a second post
 * the same setup. With Stripe: the setup is created now and Stripe's Payment Element
 * confirms it in the browser, returning to the callback page.
 */
export async function CardForm({
  owner,
  paths,
  back,
  cancelHref,
}: {
  owner: BillingOwnerRef;
  paths: BillingPaths;
  back: PurchaseReturn | null;
  cancelHref: string;
}) {
  const t = await getTranslations("billing.create");
  const provider = getPaymentProvider();
  const token = randomUUID();
  const callback = withPurchaseReturn(paths.callback, back);
  const cancel = (
    <Link href={cancelHref} className={buttonVariants({ variant: "ghost" })}>
      {t("cancel")}
    </Link>
  );
  if (provider.name === "stripe") {
    const setup = await startSetup(owner, token, callback);
    return (
      <StripeSetupForm
        config={provider.publicConfig()}
        clientSecret={setup.clientSecret ?? ""}
        returnPath={callback}
        labels={{ submit: t("submit"), unavailable: t("unavailable"), loading: t("loading") }}
      >
        {cancel}
      </StripeSetupForm>
    );
  }
  const year = new Date().getUTCFullYear();
  return (
    <form action={saveCardAction} className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">{t("sandboxNote")}</p>
      <input type="hidden" name="token" value={token} />
      {owner.kind === "organisation" ? (
        <input type="hidden" name="organisationId" value={owner.organisationId} />
      ) : null}
      {back ? (
        <>
          <input type="hidden" name="module" value={back.module} />
          <input type="hidden" name="tier" value={back.tier} />
        </>
      ) : null}
      <FormField label={t("number")} required>
        <Input
          name="number"
          inputMode="numeric"
          autoComplete="cc-number"
          required
          maxLength={23}
          pattern="[0-9 \-]{12,23}"
        />
      </FormField>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <FormField label={t("expMonth")} required>
          <Input
            name="expMonth"
            type="number"
            inputMode="numeric"
            autoComplete="cc-exp-month"
            min={1}
            max={12}
            required
          />
        </FormField>
        <FormField label={t("expYear")} required>
          <Input
            name="expYear"
            type="number"
            inputMode="numeric"
            autoComplete="cc-exp-year"
            min={year}
            max={year + 30}
            required
          />
        </FormField>
        <FormField label={t("cvc")} required>
          <Input
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            required
            maxLength={4}
            pattern="[0-9]{3,4}"
          />
        </FormField>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="primary">
          {t("submit")}
        </Button>
        {cancel}
      </div>
    </form>
  );
}
