import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import type { BackofficeAction } from "@/components/backoffice/use-backoffice-form";
import { formatBytes } from "@/lib/files/file-rules";
import { purchasePath } from "@/lib/billing/paths";
import { formatDate, formatMoney } from "@/lib/i18n/format";
import { selfServeTiers, type ModuleName, type ModuleTier } from "@/lib/modules/catalogue";
import type { ModuleDetails } from "@/lib/modules/organisation-modules";
import { ModuleSwitch } from "./module-switch";

export type ModuleActions = {
  enable: BackofficeAction<{ module: ModuleName; tier: ModuleTier; changed: boolean }>;
  disable: BackofficeAction<{ module: ModuleName; changed: boolean }>;
};

const headCell = "px-3 py-2 text-left font-medium whitespace-nowrap";
const cell = "px-3 py-2";

/** A module's state, tiers with their limits, usage, and the switch (with settings.module.write). */
export async function ModuleDetailsView({
  organisationId,
  details,
  locale,
  timeZone,
  actions,
  billing,
}: {
  organisationId: string;
  details: ModuleDetails;
  locale: string;
  timeZone: string;
  actions: ModuleActions | null;
  /** Paid tiers' prices (platform currency); `canBuy`: billing.account.write (lib/billing). */
  billing: { currency: string; canBuy: boolean };
}) {
  const [t, tb, tp] = await Promise.all([
    getTranslations("orgAdmin.module"),
    getTranslations("backoffice"),
    getTranslations("billing.module"),
  ]);
  const { state, tiers, usage } = details;
  const moduleLabel = tb(`moduleNames.${state.module}`);
  const selfServe = selfServeTiers[0] ?? "free";
  const showStorage = tiers.some((tier) => tier.limits.storageBytes !== undefined);
  const showItems = tiers.some((tier) => tier.limits.items !== undefined);
  const limit = (value: number | null | undefined, format: (n: number) => string) =>
    value === null ? t("unlimited") : value === undefined ? "—" : format(value);
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="module-state" className="flex flex-col gap-3">
        <h2 id="module-state" className="text-lg font-semibold">
          {t("stateHeading")}
        </h2>
        <p>
          {state.enabled && state.tier
            ? t("stateOn", {
                tier: tb(`tierNames.${state.tier}`),
                date: state.enabledAt ? formatDate(state.enabledAt, { locale, timeZone }) : "—",
              })
            : t("stateOff")}
        </p>
        {actions ? (
          <ModuleSwitch
            organisationId={organisationId}
            module={state.module}
            moduleLabel={moduleLabel}
            enabled={state.enabled}
            tier={selfServe}
            tierLabel={tb(`tierNames.${selfServe}`)}
            enableAction={actions.enable}
            disableAction={actions.disable}
          />
        ) : (
          <p className="text-sm text-muted-foreground">{t("readOnly")}</p>
        )}
      </section>

      <section aria-labelledby="module-tiers" className="flex flex-col gap-3">
        <h2 id="module-tiers" className="text-lg font-semibold">
          {t("tiersHeading")}
        </h2>
        <div className="relative overflow-x-auto rounded-card border border-border">
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">{t("tiersCaption", { module: moduleLabel })}</caption>
            <thead className="bg-surface-2 text-muted-foreground">
              <tr>
                <th scope="col" className={headCell}>
                  {t("tier")}
                </th>
                <th scope="col" className={headCell}>
                  {t("seats")}
                </th>
                {showStorage ? (
                  <th scope="col" className={headCell}>
                    {t("storage")}
                  </th>
                ) : null}
                {showItems ? (
                  <th scope="col" className={headCell}>
                    {t("items")}
                  </th>
                ) : null}
                <th scope="col" className={headCell}>
                  {t("availability")}
                </th>
              </tr>
            </thead>
            <tbody>
              {tiers.map(({ tier, limits, selfServe: now }) => (
                <tr key={tier} className="border-t border-border">
                  <th scope="row" className={`${cell} text-left font-medium whitespace-nowrap`}>
                    {tb(`tierNames.${tier}`)}
                    {state.enabled && state.tier === tier ? (
                      <Badge variant="outline" className="ml-2">
                        {t("current")}
                      </Badge>
                    ) : null}
                  </th>
                  <td className={cell}>{limit(limits.seats, (n) => String(n))}</td>
                  {showStorage ? (
                    <td className={cell}>
                      {limit(limits.storageBytes, (n) => formatBytes(n, locale))}
                    </td>
                  ) : null}
                  {showItems ? (
                    <td className={cell}>{limit(limits.items, (n) => String(n))}</td>
                  ) : null}
                  <td className={cell}>
                    {now ? (
                      t("availableNow")
                    ) : (
                      <TierPrice
                        label={formatMoney(limits.monthlyPriceMinor, {
                          currency: billing.currency,
                          locale,
                        })}
                        tierLabel={tb(`tierNames.${tier}`)}
                        href={
                          billing.canBuy && !(state.enabled && state.tier === tier)
                            ? purchasePath(organisationId, { module: state.module, tier })
                            : null
                        }
                        t={tp}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="module-usage" className="flex flex-col gap-2">
        <h2 id="module-usage" className="text-lg font-semibold">
          {t("usageHeading")}
        </h2>
        <p>
          {usage.seatLimit === null
            ? t("seatsUsageUnlimited", { used: usage.seatsUsed })
            : t("seatsUsage", { used: usage.seatsUsed, limit: usage.seatLimit })}
        </p>
        <p className="text-sm text-muted-foreground">{t("seatsHint")}</p>
        {usage.storageBytesUsed !== null && usage.storageQuota !== null ? (
          <p>
            {t("storageUsage", {
              used: formatBytes(usage.storageBytesUsed, locale),
              quota: formatBytes(usage.storageQuota, locale),
            })}
          </p>
        ) : null}
        {showItems ? <p>{t("itemsUsage", { value: usage.itemsUsed ?? "—" })}</p> : null}
      </section>
    </div>
  );
}

/** A paid tier's price, as a link to its purchase page for those who may buy it. */
function TierPrice({
  label,
  tierLabel,
  href,
  t,
}: {
  label: string;
  tierLabel: string;
  href: string | null;
  t: Awaited<ReturnType<typeof getTranslations<"billing.module">>>;
}) {
  if (!href) return <>{t("price", { price: label })}</>;
  return (
    <Link
      href={href}
      className="text-primary-text underline underline-offset-4 hover:no-underline"
      aria-label={t("buyLabel", { tier: tierLabel, price: label })}
    >
      {t("buy", { price: label })}
    </Link>
  );
}
