"use client";

import { useTranslations } from "next-intl";
import { useTheme } from "next-themes";
import { useSyncExternalStore, type ReactNode } from "react";
import { Button } from "@/components/ui/button";

const noop = () => () => {};

/** Dark (default) ↔ light; next-themes remembers the choice in localStorage. */
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
  const { resolvedTheme, setTheme } = useTheme();
  const mounted = useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
  const light = mounted && resolvedTheme === "light";
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
