import { type ComponentProps } from "react";
import { cn } from "@/lib/utils/cn";

/** A loading block shown while content streams in (hidden from screen readers). */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      aria-hidden
      className={cn(
        "animate-pulse rounded-card bg-surface-2 motion-reduce:animate-none",
        className,
      )}
      {...props}
    />
  );
}
