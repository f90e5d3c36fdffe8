"use client";

import { House } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { buttonVariants } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { cn } from "@/lib/utils/cn";
import { QuickAccessBrowser } from "./quick-access-browser";

/**
 * The Quick Access Panel (spec §2): a dialog 520 px wide (full width on small screens) that
 * closes on Escape or a click on the backdrop. Its content unmounts when closed, so each
 * opening starts at Home with the query it was opened with.
 */
export function QuickAccessDialog({
  open,
  onOpenChange,
  initialQuery,
  restoreFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialQuery: string;
  /** Focuses what opened the panel; false when that element is gone. */
  restoreFocus: () => boolean;
}) {
  const t = useTranslations("quickAccess");
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="sm"
        closeLabel={t("close")}
        className="flex max-w-[520px] flex-col gap-4 p-4 sm:p-5"
        data-testid="quick-access-panel"
        onCloseAutoFocus={(event) => {
          if (restoreFocus()) event.preventDefault();
        }}
      >
        <div className="flex items-center gap-2 pr-10">
          <DialogTitle className="mr-auto">{t("title")}</DialogTitle>
          <Link
            href="/"
            onClick={close}
            className={cn(buttonVariants({ variant: "outline", size: "sm" }))}
          >
            <House aria-hidden />
            {t("hub")}
          </Link>
        </div>
        <DialogDescription className="sr-only">{t("description")}</DialogDescription>
        <QuickAccessBrowser variant="panel" initialQuery={initialQuery} onLeafSelected={close} />
      </DialogContent>
    </Dialog>
  );
}
