import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Button, buttonVariants } from "@/components/ui/button";
import { purchaseTierAction } from "@/lib/billing/actions";
import type { SavedMethodView } from "@/lib/billing/methods";
import { organisationBillingPaths, withPurchaseReturn } from "@/lib/billing/paths";
import type { ModuleName, ModuleTier } from "@/lib/modules/catalogue";
import { brandName } from "./method-list";

/**
 * The purchase's card choice (the default card preselected) and "Pay": a plain form post.
 * With no card, a link to add one that comes back here.
 */
export async function PurchaseForm({
  organisationId,
  module,
  tier,
  methods,
  payLabel,
}: {
  organisationId: string;
  module: ModuleName;
  tier: ModuleTier;
  methods: readonly SavedMethodView[];
  payLabel: string;
}) {
  const [t, tm] = await Promise.all([
    getTranslations("billing.purchase"),
    getTranslations("billing.methods"),
  ]);
  const addHref = withPurchaseReturn(organisationBillingPaths(organisationId).create, {
    module,
    tier,
  });
  const add = (
    <Link href={addHref} className={buttonVariants({ variant: "outline" })}>
      {t("addCard")}
    </Link>
  );
  if (methods.length === 0) {
    return (
      <div className="flex flex-col gap-3">
        <p>{t("noCards")}</p>
        <div>{add}</div>
      </div>
    );
  }
  const preferred = methods.find((m) => m.isDefault)?.id ?? methods[0]!.id;
  return (
    <form action={purchaseTierAction} className="flex flex-col gap-4">
      <input type="hidden" name="organisationId" value={organisationId} />
      <input type="hidden" name="module" value={module} />
      <input type="hidden" name="tier" value={tier} />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-lg font-semibold">{t("cardHeading")}</legend>
        {methods.map((method) => (
          <label
            key={method.id}
            className="flex items-center gap-3 rounded-card border border-border p-3"
          >
            <input
              type="radio"
              name="methodId"
              value={method.id}
              defaultChecked={method.id === preferred}
              required
            />
            <span>
              {tm("card", { brand: brandName(method.brand), last4: method.last4 })}
              <span className="block text-sm text-muted-foreground">
                {tm("expires", {
                  month: String(method.expMonth).padStart(2, "0"),
                  year: method.expYear,
                })}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="primary">
          {payLabel}
        </Button>
        {add}
      </div>
    </form>
  );
}
