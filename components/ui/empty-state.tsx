import { type ReactNode } from "react";
import { cn } from "@/lib/utils/cn";

export type EmptyStateProps = {
  title: string;
  description?: string;
  /** A decorative icon (lucide element); hidden from screen readers. */
  icon?: ReactNode;
  /** Actions, e.g. a Button that creates the first item. */
  children?: ReactNode;
  className?: string;
  headingLevel?: "h2" | "h3";
};

/** What a list or a search shows when there is nothing to show. */
export function EmptyState({
  title,
  description,
  icon,
  children,
  className,
  headingLevel: Heading = "h2",
}: EmptyStateProps) {
  return (
    <div
      className={cn(
        "flex flex-col items-center justify-center gap-3 rounded-card border border-dashed border-border px-6 py-10 text-center",
        className,
      )}
    >
      {icon ? (
        <div
          aria-hidden
          className="flex size-12 items-center justify-center rounded-full bg-surface-2 text-muted-foreground [&_svg]:size-6"
        >
          {icon}
        </div>
      ) : null}
      <Heading className="text-base font-semibold">{title}</Heading>
      {description ? (
        <p className="max-w-prose text-sm text-muted-foreground">{description}</p>
      ) : null}
      {children ? <div className="mt-1 flex flex-wrap justify-center gap-2">{children}</div> : null}
    </div>
  );
}
