"use client";

import { useTranslations } from "next-intl";
import type { NavigationItem } from "@/lib/navigation/tree";
import { Icon } from "@/components/ui/icon";

/**
 * The breadcrumb from Home. Every step but the current one is a button that returns to that
 * level: `onSelect(depth)` with 0 for Home, 1 for the first folder, and so on.
 */
export function QuickAccessBreadcrumb({
  steps,
  onSelect,
}: {
  steps: readonly NavigationItem[];
  onSelect: (depth: number) => void;
}) {
  const t = useTranslations("quickAccess");
  const crumbs = [t("home"), ...steps.map((step) => step.title)];
  return (
    <nav aria-label={t("breadcrumb")}>
      <ol className="flex flex-wrap items-center gap-1 text-sm">
        {crumbs.map((title, depth) => {
          const current = depth === crumbs.length - 1;
          return (
            <li key={`${depth}-${title}`} className="flex items-center gap-1">
              {depth > 0 ? (
                <Icon name="chevron-right" className="size-4 text-muted-foreground" aria-hidden />
              ) : null}
              {current ? (
                <span aria-current="location" className="px-1 font-semibold">
                  {title}
                </span>
              ) : (
                <button
                  type="button"
                  className="rounded-card px-1 text-primary-text underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                  onClick={() => onSelect(depth)}
                >
                  {title}
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
