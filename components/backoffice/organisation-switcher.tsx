import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { buttonVariants } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { cn } from "@/lib/utils/cn";

export type SwitcherOrganisation = { id: string; name: string };

/**
 * The current organisation and a disclosure with the links to the others, to all of mine and
 * to a new one. A `<details>` drawn on the server: it opens without JavaScript and ships none
 * (the menu it replaced brought about 32 kB of gzipped script to every back-office screen).
 * Moving to another organisation changes the frame's layout, which closes it.
 */
export async function OrganisationSwitcher({
  current,
  organisations,
}: {
  current: SwitcherOrganisation;
  organisations: readonly SwitcherOrganisation[];
}) {
  const t = await getTranslations("backoffice.switcher");
  const item = "block rounded-lg px-2 py-2 text-sm hover:bg-surface-2";
  return (
    <details className="relative">
      <summary
        className={cn(
          buttonVariants({ variant: "outline" }),
          "max-w-full cursor-pointer list-none justify-between [&::-webkit-details-marker]:hidden",
        )}
        aria-label={t("current", { name: current.name })}
      >
        <span className="truncate">{current.name}</span>
        <Icon name="chevrons-up-down" className="size-4 shrink-0" />
      </summary>
      <div className="absolute top-full left-0 z-40 mt-1.5 w-max max-w-[calc(100vw-2rem)] min-w-64 rounded-card border border-border bg-surface p-1 shadow-xl">
        <p className="px-2 py-1.5 text-xs font-semibold text-muted-foreground">{t("label")}</p>
        <ul>
          {organisations.map((organisation) => (
            <li key={organisation.id}>
              <Link
                href={`/backoffice/organisation/${organisation.id}/dashboard`}
                aria-current={organisation.id === current.id ? "true" : undefined}
                className={cn(item, organisation.id === current.id && "font-semibold")}
              >
                {organisation.name}
              </Link>
            </li>
          ))}
        </ul>
        <hr className="-mx-1 my-1 border-border" />
        <Link href="/backoffice" className={item}>
          {t("all")}
        </Link>
        <Link href="/backoffice/register-organisation" className={item}>
          {t("new")}
        </Link>
      </div>
    </details>
  );
}
