"use client";

import { ChevronsUpDown } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";

export type SwitcherOrganisation = { id: string; name: string };

/** The current organisation and a menu to move to another one or start a new one. */
export function OrganisationSwitcher({
  current,
  organisations,
}: {
  current: SwitcherOrganisation;
  organisations: readonly SwitcherOrganisation[];
}) {
  const t = useTranslations("backoffice.switcher");
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          className="max-w-full justify-between gap-2"
          aria-label={t("current", { name: current.name })}
        >
          <span className="truncate">{current.name}</span>
          <ChevronsUpDown aria-hidden className="size-4 shrink-0" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="min-w-64">
        <DropdownMenuLabel>{t("label")}</DropdownMenuLabel>
        {organisations.map((organisation) => (
          <DropdownMenuItem key={organisation.id} asChild>
            <Link
              href={`/backoffice/organisation/${organisation.id}/dashboard`}
              aria-current={organisation.id === current.id ? "true" : undefined}
              className={organisation.id === current.id ? "font-semibold" : undefined}
            >
              {organisation.name}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/backoffice">{t("all")}</Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/backoffice/register-organisation">{t("new")}</Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
