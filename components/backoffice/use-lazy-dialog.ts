"use client";

import { useCallback, useRef, useState } from "react";

/**
 * A dialog whose code loads on first use: the page draws only its trigger (a plain button);
 * the first click mounts the dialog's body, a `next/dynamic` chunk with the dialog, its form
 * and the form's schema, so none of them is in the screen's first-load JavaScript. Dialogs
 * need JavaScript anyway, so nothing changes without it. The body is a controlled dialog
 * without a trigger of its own: `returnFocus` gives the focus back to the button on close.
 */
export function useLazyDialog() {
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const show = useCallback(() => {
    setMounted(true);
    setOpen(true);
  }, []);
  const returnFocus = useCallback((event: Event) => {
    event.preventDefault();
    trigger.current?.focus();
  }, []);
  return {
    /** Spread on the trigger button. */
    triggerProps: {
      ref: trigger,
      onClick: show,
      "aria-haspopup": "dialog" as const,
      "aria-expanded": open,
    },
    /** Whether the body has been mounted (it stays mounted once opened). */
    mounted,
    /** Spread on the body: a controlled dialog. */
    dialogProps: { open, onOpenChange: setOpen, onCloseAutoFocus: returnFocus },
    close: useCallback(() => setOpen(false), []),
  };
}

export type LazyDialogProps = ReturnType<typeof useLazyDialog>["dialogProps"];
