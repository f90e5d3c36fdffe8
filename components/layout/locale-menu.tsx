"use client";

import { useLocale, useTranslations } from "next-intl";
import { useTransition, type ReactNode } from "react";
import { DropdownMenuRadioGroup, DropdownMenuRadioItem } from "@/components/ui/dropdown-menu";
import { locales } from "@/lib/i18n/config";
import { setLocale } from "@/lib/i18n/set-locale";
import { TopBarMenu } from "./top-bar-menu";

/**
 * Language menu (en/es); the server action stores the cookie, then the page loads again. Loaded
 * by LocaleSwitch on first use, already open.
 */
export function LocaleMenu({ icon }: { icon: ReactNode }) {
  const t = useTranslations("ui.locale");
  const locale = useLocale();
  const [pending, startTransition] = useTransition();
  return (
    <TopBarMenu
      icon={icon}
      label={t("label", { language: t(`names.${locale}`) })}
      testId="locale-switch"
      title={t("title")}
      pending={pending}
    >
      <DropdownMenuRadioGroup
        value={locale}
        onValueChange={(next) => {
          if (next === locale) return;
          startTransition(async () => {
            // The page is loaded again with the new cookie: the proxy picks the locale's page
            // before anything renders (a prerendered page cannot switch language in place).
            if ((await setLocale(next)).ok) window.location.reload();
          });
        }}
      >
        {locales.map((option) => (
          <DropdownMenuRadioItem key={option} value={option} lang={option}>
            {t(`names.${option}`)}
          </DropdownMenuRadioItem>
        ))}
      </DropdownMenuRadioGroup>
    </TopBarMenu>
  );
}
