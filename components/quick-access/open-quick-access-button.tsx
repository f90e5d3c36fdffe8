"use client";

import { LayoutGrid } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useQuickAccess } from "./quick-access-provider";

/** A labelled button that opens the Quick Access Panel (the hub home uses it). */
export function OpenQuickAccessButton({ label }: { label: string }) {
  const { open, isOpen } = useQuickAccess();
  return (
    <Button aria-haspopup="dialog" aria-expanded={isOpen} onClick={() => open()}>
      <LayoutGrid aria-hidden />
      {label}
    </Button>
  );
}
