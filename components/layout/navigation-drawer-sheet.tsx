"use client";

import * as DialogPrimitive from "@radix-ui/react-dialog";
import { useTranslations } from "next-intl";
import { type MouseEvent, type ReactNode } from "react";
import { Icon } from "@/components/ui/icon";

/** The drawer below 960 px: a modal sheet from the left (loaded on its first opening). */
export function NavigationDrawerSheet({
  open,
  onOpenChange,
  nav,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The drawer's links (rendered on the server). */
  nav: ReactNode;
}) {
  const t = useTranslations("ui");
  // Following a link (by pointer or keyboard: both fire a click) closes the sheet.
  const closeOnLink = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target instanceof Element && event.target.closest("a[href]")) onOpenChange(false);
  };
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-overlay" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onClick={closeOnLink}
          className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,85vw)] flex-col border-r border-border bg-surface text-foreground shadow-2xl"
        >
          <div className="flex h-12 items-center justify-between border-b border-border px-3 sm:h-16">
            <DialogPrimitive.Title className="text-base font-semibold">
              {t("nav.label")}
            </DialogPrimitive.Title>
            <DialogPrimitive.Close
              aria-label={t("close")}
              className="rounded-card p-2 text-muted-foreground hover:bg-surface-2 hover:text-foreground"
            >
              <Icon name="x" className="size-5" aria-hidden />
            </DialogPrimitive.Close>
          </div>
          {nav}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
