"use client";

import * as ToastPrimitive from "@radix-ui/react-toast";
import { useTranslations } from "next-intl";
import { useSyncExternalStore } from "react";
import { cn } from "@/lib/utils/cn";
import {
  dismissToast,
  getServerToasts,
  getToasts,
  subscribeToasts,
  toast,
  type ToastVariant,
} from "./toast-store";
import { Icon } from "@/components/ui/icon";

export { toast, dismissToast };
export type { ToastInput, ToastVariant } from "./toast-store";

/** `const { toast } = useToast()` in client components: feedback after every mutation. */
export function useToast() {
  return { toast, dismiss: dismissToast };
}

const variants: Record<ToastVariant, string> = {
  default: "border-border",
  success: "border-accent",
  danger: "border-danger",
};

/** Mounted once in the root layout: Radix provider, the queued toasts and the viewport. */
export function Toaster() {
  const t = useTranslations("ui");
  const items = useSyncExternalStore(subscribeToasts, getToasts, getServerToasts);
  return (
    <ToastPrimitive.Provider swipeDirection="right" label={t("toast.label")}>
      {items.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          duration={item.duration ?? 5000}
          type={item.variant === "danger" ? "foreground" : "background"}
          data-testid="toast"
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          className={cn(
            "relative grid w-full grid-cols-[1fr_auto] items-start gap-x-3 rounded-card border bg-surface p-4 pr-3 text-foreground shadow-2xl data-[state=closed]:animate-[toast-out_150ms_ease-in_forwards] data-[state=open]:animate-[toast-in_200ms_ease-out] data-[swipe=end]:animate-[toast-out_100ms_ease-out_forwards] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] motion-reduce:animate-none",
            variants[item.variant ?? "default"],
          )}
        >
          <ToastPrimitive.Title className="text-sm font-semibold">
            {item.title}
          </ToastPrimitive.Title>
          <ToastPrimitive.Close
            aria-label={t("close")}
            className="row-span-2 rounded-lg p-1 text-muted-foreground hover:bg-surface-2 hover:text-foreground"
          >
            <Icon name="x" className="size-4" aria-hidden />
          </ToastPrimitive.Close>
          {item.description ? (
            <ToastPrimitive.Description className="text-sm text-muted-foreground">
              {item.description}
            </ToastPrimitive.Description>
          ) : null}
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        // Radix puts the keyboard shortcut in place of {hotkey}.
        label={t("toast.region", { hotkey: "{hotkey}" })}
        className="fixed right-0 bottom-0 z-[60] flex w-full max-w-[420px] flex-col gap-2 p-4 outline-none"
      />
    </ToastPrimitive.Provider>
  );
}
