"use client";

import { useLocale, useTranslations } from "next-intl";
import { lazy, Suspense, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";

const loadMenu = () => import("./locale-menu");

/** The menu button as it shows before the menu's code is there (same look and name). */
function LocaleButton({ icon, onActivate }: { icon: ReactNode; onActivate?: () => void }) {
  const t = useTranslations("ui.locale");
  const locale = useLocale();
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={t("label", { language: t(`names.${locale}`) })}
      aria-haspopup="menu"
      aria-expanded={false}
      data-testid="locale-switch"
      onClick={onActivate}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
    >
      {icon}
    </Button>
  );
}

// The dropdown (Radix menu and its positioning) loads on first use and opens at once.
const LocaleMenu = lazy(() => loadMenu().then((module) => ({ default: module.LocaleMenu })));

/** Language menu (en/es) in the top bar. */
export function LocaleSwitch({ icon }: { icon: ReactNode }) {
  const [active, setActive] = useState(false);
  if (!active) return <LocaleButton icon={icon} onActivate={() => setActive(true)} />;
  return (
    <Suspense fallback={<LocaleButton icon={icon} />}>
      <LocaleMenu icon={icon} />
    </Suspense>
  );
}
