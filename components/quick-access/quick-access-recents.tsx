"use client";

import Link from "next/link";
import { useId } from "react";
import { useTranslations } from "next-intl";
import { shownRecents, type RecentEntry } from "@/lib/navigation/recents";
import { CategoryIcon } from "./category-icon";

/** The Recents row: up to 4 chips, newest first, each with the title it was recorded with. */
export function QuickAccessRecents({
  recents,
  onSelect,
  headingLevel,
}: {
  recents: readonly RecentEntry[];
  /** h3 inside the panel (under its h2 title), h2 on a page. */
  headingLevel: "h2" | "h3";
  onSelect: (entry: RecentEntry) => void;
}) {
  const t = useTranslations("quickAccess");
  const headingId = useId();
  const shown = shownRecents(recents);
  const Heading = headingLevel;
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <Heading id={headingId} className="text-sm font-semibold text-muted-foreground">
        {t("recents")}
      </Heading>
      <ul className="flex flex-wrap gap-2" data-testid="quick-access-recents">
        {shown.map((entry) => (
          <li key={entry.title}>
            <Link
              href={entry.url}
              title={[...entry.path, entry.title].join(" › ")}
              onClick={() => onSelect(entry)}
              className="inline-flex max-w-full items-center gap-1.5 rounded-full border border-border bg-surface-2/60 px-3 py-1.5 text-sm hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-ring"
            >
              <CategoryIcon name={entry.icon} small className="text-muted-foreground" />
              <span className="truncate">{entry.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
