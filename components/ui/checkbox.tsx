"use client";

import * as CheckboxPrimitive from "@radix-ui/react-checkbox";
import { type ComponentProps } from "react";
import { cn } from "@/lib/utils/cn";
import { Icon } from "@/components/ui/icon";

/** A tri-state checkbox (checked, unchecked, "indeterminate"); label it with <Label htmlFor>. */
export function Checkbox({ className, ...props }: ComponentProps<typeof CheckboxPrimitive.Root>) {
  return (
    <CheckboxPrimitive.Root
      className={cn(
        "peer inline-flex size-5 shrink-0 items-center justify-center rounded-md border border-border bg-surface text-primary-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-danger data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=indeterminate]:border-primary data-[state=indeterminate]:bg-primary",
        className,
      )}
      {...props}
    >
      <CheckboxPrimitive.Indicator className="group flex items-center justify-center">
        <Icon
          name="check"
          className="size-3.5 group-data-[state=indeterminate]:hidden"
          aria-hidden
        />
        <Icon
          name="minus"
          className="hidden size-3.5 group-data-[state=indeterminate]:block"
          aria-hidden
        />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}
