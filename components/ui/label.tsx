import { type ComponentProps } from "react";
import { cn } from "@/lib/utils/cn";

/**
 * A form label: the native element (Radix's Label adds only a double-click selection guard,
 * and its primitives cost every form page about 1.5 kB gzipped).
 */
export function Label({ className, ...props }: ComponentProps<"label">) {
  return <label className={cn("text-sm font-medium", className)} {...props} />;
}
