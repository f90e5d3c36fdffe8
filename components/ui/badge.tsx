import { type ComponentProps } from "react";
import { cn } from "@/lib/utils/cn";

export type BadgeVariant = "neutral" | "primary" | "secondary" | "accent" | "danger" | "outline";

export type BadgeProps = ComponentProps<"span"> & { variant?: BadgeVariant | null };

/**
 * A small status label. Its styles are short classes (`.badge`, `.badge-<variant>` in
 * app/globals.css) rather than a utility list: lists show one in every row, and each
 * server-drawn badge's classes travel twice, in the markup and in the RSC payload.
 */
export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn("badge", `badge-${variant ?? "neutral"}`, className)} {...props} />;
}
