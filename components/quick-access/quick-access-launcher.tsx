"use client";

import { useTranslations } from "next-intl";
import { type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils/cn";
import { preloadQuickAccessPanel, useQuickAccess } from "./quick-access-provider";

/** The top bar's icon button that opens the Quick Access Panel; `icon` comes from the server. */
export function QuickAccessLauncher({ icon, className }: { icon: ReactNode; className?: string }) {
  const t = useTranslations("ui");
  const { open, isOpen } = useQuickAccess();
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn(className)}
      aria-label={t("quickAccessLauncher")}
      aria-haspopup="dialog"
      aria-expanded={isOpen}
      onClick={() => open()}
      onPointerEnter={() => void preloadQuickAccessPanel()}
      onFocus={() => void preloadQuickAccessPanel()}
      data-testid="quick-access-launcher"
    >
      {icon}
    </Button>
  );
}
