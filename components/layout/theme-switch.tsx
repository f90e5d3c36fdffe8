"use client";

import { useTranslations } from "next-intl";
import { useSyncExternalStore, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { getTheme, setTheme, subscribeTheme } from "./theme-store";

/** Dark (default) ↔ light; the choice is remembered in localStorage (theme-store.ts). */
export function ThemeSwitch({
  lightIcon,
  darkIcon,
}: {
  /** Shown in light mode (a sun). */
  lightIcon: ReactNode;
  /** Shown in dark mode (a moon). */
  darkIcon: ReactNode;
}) {
  const t = useTranslations("ui.theme");
  // The server does not know the stored choice: it renders the default (dark) state.
  const light = useSyncExternalStore(subscribeTheme, getTheme, () => "dark") === "light";
  return (
    <Button
      variant="ghost"
      size="icon"
      role="switch"
      aria-checked={light}
      aria-label={t("light")}
      title={t(light ? "switchToDark" : "switchToLight")}
      data-testid="theme-switch"
      onClick={() => setTheme(light ? "dark" : "light")}
    >
      {light ? lightIcon : darkIcon}
    </Button>
  );
}
