"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { buttonVariants } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { cn } from "@/lib/utils/cn";
import { QuickAccessBrowser } from "./quick-access-browser";
import { QuickAccessMessages } from "./quick-access-messages";
import { Icon } from "@/components/ui/icon";

/**
 * The Quick Access Panel (spec §2): a dialog 520 px wide (full width on small screens) that
 * closes on Escape or a click on the backdrop. Its content unmounts when closed, so each
 * opening starts at Home with the query it was opened with.
 */
type QuickAccessDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialQuery: string;
  /** Focuses what opened the panel; false when that element is gone. */
  restoreFocus: () => boolean;
};

export function QuickAccessDialog(props: QuickAccessDialogProps) {
  // Its texts come with its code (quick-access-messages.tsx).
  return (
    <QuickAccessMessages>
      <QuickAccessPanel {...props} />
    </QuickAccessMessages>
  );
}

function QuickAccessPanel({
  open,
  onOpenChange,
  initialQuery,
  restoreFocus,
}: QuickAccessDialogProps) {
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
            <Icon name="house" aria-hidden />
            {t("hub")}
          </Link>
        </div>
        <DialogDescription className="sr-only">{t("description")}</DialogDescription>
        <QuickAccessBrowser variant="panel" initialQuery={initialQuery} onLeafSelected={close} />
      </DialogContent>
    </Dialog>
  );
}
