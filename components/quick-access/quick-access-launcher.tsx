"use client";

import { LayoutGrid } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils/cn";
import { preloadQuickAccessPanel, useQuickAccess } from "./quick-access-provider";

/** The top bar's icon button that opens the Quick Access Panel. */
export function QuickAccessLauncher({ className }: { className?: string }) {
  const t = useTranslations("quickAccess");
  const { open, isOpen } = useQuickAccess();
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn(className)}
      aria-label={t("launcher")}
      aria-haspopup="dialog"
      aria-expanded={isOpen}
      onClick={() => open()}
      onPointerEnter={() => void preloadQuickAccessPanel()}
      onFocus={() => void preloadQuickAccessPanel()}
      data-testid="quick-access-launcher"
    >
      <LayoutGrid aria-hidden />
    </Button>
  );
}
