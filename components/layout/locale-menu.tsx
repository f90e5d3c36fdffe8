"use client";

import { useLocale, useTranslations } from "next-intl";
import { useTransition, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { locales } from "@/lib/i18n/config";
import { setLocale } from "@/lib/i18n/set-locale";

/**
 * Language menu (en/es); the server action stores the cookie and refreshes the page. Loaded
 * by LocaleSwitch on first use, already open.
 */
export function LocaleMenu({ icon }: { icon: ReactNode }) {
  const t = useTranslations("ui.locale");
  const locale = useLocale();
  const [pending, startTransition] = useTransition();
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t("label", { language: t(`names.${locale}`) })}
          disabled={pending}
          data-testid="locale-switch"
        >
          {icon}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>{t("title")}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={locale}
          onValueChange={(next) => {
            if (next === locale) return;
            startTransition(async () => {
              await setLocale(next);
            });
          }}
        >
          {locales.map((option) => (
            <DropdownMenuRadioItem key={option} value={option} lang={option}>
              {t(`names.${option}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
