import { type ComponentProps } from "react";
import { cn } from "@/lib/utils/cn";

/**
 * The look of every text field and select: `.field-control` in app/globals.css (one short
 * class instead of a long utility list on each control; a caller's utilities still win).
 */
export const fieldControlClass = "field-control";

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return <input type={type} className={cn(fieldControlClass, "h-10", className)} {...props} />;
}
