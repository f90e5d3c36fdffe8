import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { deleteAddressAction, setDefaultAddressAction } from "@/lib/addresses/actions";
import { type AddressDto, formatAddressLines } from "@/lib/addresses/addresses";
import { ADDRESS_LIMIT } from "@/lib/addresses/address-schema";

/**
 * The address book as cards: the address printed in its country's order, the default
 * badge, edit, make default, and delete behind a confirmation (a disclosure, so it works
 * without JavaScript too). Make default and delete are plain form posts to server actions.
 */
export async function AddressList({
  addresses,
  locale,
}: {
  addresses: readonly AddressDto[];
  locale: string;
}) {
  const t = await getTranslations("addresses");
  const add = (
    <Link href="/profile/my-addresses/create" className={buttonVariants({ variant: "primary" })}>
      {t("add")}
    </Link>
  );
  if (addresses.length === 0) {
    return (
      <EmptyState title={t("empty.title")} description={t("empty.body")}>
        {add}
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      {addresses.length >= ADDRESS_LIMIT ? (
        <p className="text-sm text-muted-foreground">{t("limit", { max: ADDRESS_LIMIT })}</p>
      ) : (
        <div>{add}</div>
      )}
      <ul className="flex flex-col gap-4" aria-label={t("listLabel")}>
        {addresses.map((address) => {
          const name = address.label ?? address.recipientName;
          const headingId = `address-${address.id}`;
          return (
            <li
              key={address.id}
              aria-labelledby={headingId}
              data-testid="address-card"
              className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4"
            >
              <div className="flex flex-wrap items-center gap-2">
                <h2 id={headingId} className="font-semibold break-words">
                  {name}
                </h2>
                {address.isDefault ? <Badge variant="primary">{t("defaultBadge")}</Badge> : null}
              </div>
              <address className="text-sm break-words not-italic">
                {formatAddressLines(address, locale).map((line, index) => (
                  <span key={index} className="block">
                    {line}
                  </span>
                ))}
                {address.phone ? (
                  <span className="block text-muted-foreground">
                    {t("phone", { phone: address.phone })}
                  </span>
                ) : null}
              </address>
              <div className="flex flex-wrap items-start gap-2">
                <Link
                  href={`/profile/my-addresses/${address.id}`}
                  className={buttonVariants({ variant: "outline", size: "sm" })}
                  aria-label={t("editLabel", { name })}
                >
                  {t("edit")}
                </Link>
                {address.isDefault ? null : (
                  <form action={setDefaultAddressAction}>
                    <input type="hidden" name="addressId" value={address.id} />
                    <Button type="submit" variant="outline" size="sm">
                      {t("makeDefault")}
                    </Button>
                  </form>
                )}
                <details className="group">
                  <summary
                    className={`${buttonVariants({ variant: "outline", size: "sm" })} cursor-pointer list-none`}
                  >
                    {t("delete")}
                  </summary>
                  <form
                    action={deleteAddressAction}
                    className="mt-2 flex flex-col gap-2 rounded-card border border-danger p-3"
                  >
                    <p className="text-sm">{t("deleteQuestion")}</p>
                    <input type="hidden" name="addressId" value={address.id} />
                    <input type="hidden" name="version" value={address.version} />
                    <Button type="submit" variant="danger" size="sm">
                      {t("confirmDelete")}
                    </Button>
                  </form>
                </details>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
