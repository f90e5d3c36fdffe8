import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { removeMethodAction, setDefaultMethodAction } from "@/lib/billing/actions";
import { METHOD_LIMIT, type SavedMethodView } from "@/lib/billing/methods";

/**
 * An owner's saved cards (a consumer's or an organisation's): brand, last four digits,
 * expiry, the default badge; "Make default" and "Remove" (behind a disclosure that asks
 * first, so it works without JavaScript) are plain form posts. Without `canWrite` the list
 * is read-only.
 */
export async function MethodList({
  methods,
  createHref,
  organisationId,
  canWrite,
}: {
  methods: readonly SavedMethodView[];
  createHref: string;
  organisationId?: string;
  canWrite: boolean;
}) {
  const t = await getTranslations("billing.methods");
  const add = canWrite ? (
    <Link href={createHref} className={buttonVariants({ variant: "primary" })}>
      {t("add")}
    </Link>
  ) : null;
  if (methods.length === 0) {
    return (
      <EmptyState title={t("emptyTitle")} description={t("emptyBody")}>
        {add}
      </EmptyState>
    );
  }
  const owner = organisationId ? (
    <input type="hidden" name="organisationId" value={organisationId} />
  ) : null;
  return (
    <div className="flex flex-col gap-6">
      {methods.length >= METHOD_LIMIT ? (
        <p className="text-sm text-muted-foreground">{t("limit", { max: METHOD_LIMIT })}</p>
      ) : add ? (
        <div>{add}</div>
      ) : null}
      <ul className="flex flex-col gap-4" aria-label={t("listLabel")}>
        {methods.map((method) => {
          const card = t("card", { brand: brandName(method.brand), last4: method.last4 });
          const headingId = `card-${method.id}`;
          return (
            <li
              key={method.id}
              aria-labelledby={headingId}
              data-testid="saved-card"
              className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4"
            >
              <div className="flex flex-wrap items-center gap-2">
                <h2 id={headingId} className="font-semibold break-words">
                  {card}
                </h2>
                {method.isDefault ? <Badge variant="primary">{t("defaultBadge")}</Badge> : null}
              </div>
              <p className="text-sm text-muted-foreground">
                {t("expires", {
                  month: String(method.expMonth).padStart(2, "0"),
                  year: method.expYear,
                })}
              </p>
              {canWrite ? (
                <div className="flex flex-wrap items-start gap-2">
                  {method.isDefault ? null : (
                    <form action={setDefaultMethodAction}>
                      {owner}
                      <input type="hidden" name="methodId" value={method.id} />
                      <Button
                        type="submit"
                        variant="outline"
                        size="sm"
                        aria-label={t("makeDefaultLabel", { card })}
                      >
                        {t("makeDefault")}
                      </Button>
                    </form>
                  )}
                  <details className="group">
                    <summary
                      className={`${buttonVariants({ variant: "outline", size: "sm" })} cursor-pointer list-none`}
                      aria-label={t("removeLabel", { card })}
                    >
                      {t("remove")}
                    </summary>
                    <form
                      action={removeMethodAction}
                      className="mt-2 flex flex-col gap-2 rounded-card border border-border p-3"
                    >
                      {owner}
                      <input type="hidden" name="methodId" value={method.id} />
                      <p className="text-sm">{t("removeConfirm")}</p>
                      <Button type="submit" variant="danger" size="sm">
                        {t("removeYes")}
                      </Button>
                    </form>
                  </details>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Card brands as printed on cards (`visa` → Visa). */
export function brandName(brand: string): string {
  const names: Record<string, string> = {
    visa: "Visa",
    mastercard: "Mastercard",
    amex: "American Express",
  };
  return names[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

/** A charged card in tables and receipts: "Visa •••• 4242". */
export function cardLabel(brand: string | null, last4: string): string {
  return `${brandName(brand ?? "card")} •••• ${last4}`;
}
