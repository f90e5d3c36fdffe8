"use client";

import { type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { useQuickAccess } from "./quick-access-provider";

/**
 * A labelled button that opens the Quick Access Panel (the hub home uses it); `icon` comes
 * from the server (SvgIcon), so the button carries no icon code.
 */
export function OpenQuickAccessButton({ label, icon }: { label: string; icon: ReactNode }) {
  const { open, isOpen } = useQuickAccess();
  return (
    <Button aria-haspopup="dialog" aria-expanded={isOpen} onClick={() => open()}>
      {icon}
      {label}
    </Button>
  );
}
