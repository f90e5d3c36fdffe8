"use client";

import Link from "next/link";
import { useId } from "react";
import { useTranslations } from "next-intl";
import { isFolder, type NavigationItem } from "@/lib/navigation/tree";
import { cn } from "@/lib/utils/cn";
import { CategoryIcon } from "./category-icon";
import { Icon } from "@/components/ui/icon";

export type TileView = "grid" | "list";

/**
 * One category tile: a folder (primary colour, chevron, 'N items' in grid mode) drills down;
 * a leaf is a link to its landing page (open-in-new icon). The whole tile is the target of
 * its main control; the heart is a separate toggle button above it.
 */
export function QuickAccessTile({
  item,
  view,
  showPath,
  isFavourite,
  onToggleFavourite,
  onOpenFolder,
  onSelectLeaf,
}: {
  item: NavigationItem;
  view: TileView;
  showPath: boolean;
  isFavourite: boolean;
  onToggleFavourite: (item: NavigationItem) => void;
  onOpenFolder: (item: NavigationItem) => void;
  onSelectLeaf: (item: NavigationItem) => void;
}) {
  const t = useTranslations("quickAccess");
  const id = useId();
  const folder = isFolder(item);
  const grid = view === "grid";
  const titleId = `${id}-title`;
  const detailIds = [`${id}-description`, folder && grid ? `${id}-count` : null, `${id}-kind`]
    .filter(Boolean)
    .join(" ");

  // The tile's styles are classes of app/globals.css (`.qa-*`): the hub's HTML carries every
  // tile, and long utility lists on each would be most of its bytes.
  const targetClass = "qa-target";
  const label = (
    <span id={titleId} className={cn("qa-title", folder && "text-primary-text")}>
      {item.title}
    </span>
  );

  return (
    <li
      className={cn("qa-tile group", grid ? "qa-tile-grid" : "qa-tile-list")}
      data-testid="quick-access-tile"
      data-kind={folder ? "folder" : "link"}
    >
      <CategoryIcon
        name={item.icon ?? (folder ? "folder" : undefined)}
        className={cn(
          folder ? "text-primary-text" : "text-muted-foreground",
          !item.icon && !folder && "invisible",
        )}
      />
      <div className={cn("flex min-w-0 flex-1 flex-col gap-1", grid && "justify-between")}>
        {showPath && item.path.length > 0 ? (
          <span className="truncate text-xs text-muted-foreground">{item.path.join(" › ")}</span>
        ) : null}
        {folder ? (
          <button
            type="button"
            className={targetClass}
            aria-labelledby={titleId}
            aria-describedby={detailIds}
            onClick={() => onOpenFolder(item)}
            data-tile-main
          >
            {label}
          </button>
        ) : (
          <Link
            href={item.url ?? "/"}
            className={targetClass}
            aria-labelledby={titleId}
            aria-describedby={detailIds}
            onClick={() => onSelectLeaf(item)}
            onKeyDown={(event) => {
              // Tiles answer Space like buttons do, not only Enter.
              if (event.key === " ") {
                event.preventDefault();
                event.currentTarget.click();
              }
            }}
            data-tile-main
          >
            {label}
          </Link>
        )}
        <span
          id={`${id}-description`}
          className={cn("qa-description", grid ? "line-clamp-3" : "line-clamp-2")}
        >
          {item.description}
        </span>
        {folder && grid ? (
          <span id={`${id}-count`} className="text-xs font-medium text-primary-text">
            {t("itemCount", { count: item.children?.length ?? 0 })}
          </span>
        ) : null}
      </div>
      <span id={`${id}-kind`} className="sr-only">
        {folder ? t("folder") : t("link")}
      </span>
      {folder ? (
        <Icon
          name="chevron-right"
          className={cn("size-5 shrink-0 text-primary-text", grid && "absolute right-3 bottom-3")}
          aria-hidden
        />
      ) : (
        <Icon
          name="external-link"
          className={cn(
            "size-4 shrink-0 text-muted-foreground",
            grid && "absolute right-3 bottom-3",
          )}
          aria-hidden
        />
      )}
      <button
        type="button"
        className={cn(
          "qa-favourite",
          grid ? "top-2 right-2" : "top-1/2 right-2 -translate-y-1/2",
          isFavourite && "text-secondary-text",
        )}
        aria-pressed={isFavourite}
        aria-label={t("favourite", { title: item.title })}
        onClick={() => onToggleFavourite(item)}
      >
        <Icon name="heart" className={cn("size-4", isFavourite && "fill-current")} aria-hidden />
      </button>
    </li>
  );
}
