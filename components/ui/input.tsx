import { type ComponentProps } from "react";
import { cn } from "@/lib/utils/cn";

export const fieldControlClass =
  "w-full rounded-card border border-border bg-surface px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-danger";

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return <input type={type} className={cn(fieldControlClass, "h-10", className)} {...props} />;
}
