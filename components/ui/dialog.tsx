"use client";

import * as DialogPrimitive from "@radix-ui/react-dialog";
import { type ComponentProps } from "react";
import { twMerge } from "tailwind-merge";
import { cn } from "@/lib/utils/cn";
import { Icon } from "@/components/ui/icon";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/** Max width per spec §9: 800 px large, 600 px medium, 100% small. */
const sizes = {
  sm: "w-full max-w-full",
  md: "w-full max-w-[600px]",
  lg: "w-full max-w-[800px]",
} as const;

export type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  size?: keyof typeof sizes;
  /** Accessible name of the close button. */
  closeLabel?: string;
  hideClose?: boolean;
};

export function DialogContent({
  className,
  children,
  size = "md",
  closeLabel = "Close",
  hideClose = false,
  ...props
}: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay
        data-testid="dialog-overlay"
        className="fixed inset-0 z-50 bg-overlay backdrop-blur-sm"
      />
      <DialogPrimitive.Content
        // Merged: callers (the quick access panel) override the padding and the width; dialogs
        // load on demand, so tailwind-merge stays out of first-load JavaScript.
        className={twMerge(
          "fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card border border-border bg-surface p-5 text-foreground shadow-2xl",
          sizes[size],
          className,
        )}
        {...props}
      >
        {children}
        {hideClose ? null : (
          <DialogPrimitive.Close
            className="absolute top-3 right-3 rounded-card p-2 text-muted-foreground hover:bg-surface-2 hover:text-foreground"
            aria-label={closeLabel}
          >
            <Icon name="x" className="size-4" aria-hidden />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn("text-lg font-semibold", className)} {...props} />;
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      className={cn("text-sm text-muted-foreground", className)}
      {...props}
    />
  );
}
