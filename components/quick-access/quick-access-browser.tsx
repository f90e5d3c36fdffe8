"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { categoryTree, type CategoryId } from "@/lib/navigation/categories";
import type { RecentEntry } from "@/lib/navigation/recents";
import {
  resolveTrail,
  resolveTree,
  trailTo,
  visibleItems,
  type NavigationItem,
} from "@/lib/navigation/tree";
import { cn } from "@/lib/utils/cn";
import { QuickAccessBreadcrumb } from "./quick-access-breadcrumb";
import { QuickAccessRecents } from "./quick-access-recents";
import { QuickAccessTile, type TileView } from "./quick-access-tile";
import { QuickAccessToolbar } from "./quick-access-toolbar";
import { useFavourites, useRecents } from "./use-quick-access-lists";

/**
 * The category browser shared by the Quick Access Panel and the hub home: search, favourites
 * filter, grid/list toggle, breadcrumb, tiles and the Recents row. `variant` only changes the
 * grid: 3 columns in the 520 px panel, more on the wide hub page.
 */
export function QuickAccessBrowser({
  variant,
  initialQuery = "",
  onLeafSelected,
}: {
  variant: "panel" | "page";
  initialQuery?: string;
  onLeafSelected?: () => void;
}) {
  const t = useTranslations("quickAccess");
  const [trail, setTrail] = useState<CategoryId[]>([]);
  const [query, setQuery] = useState(initialQuery);
  const [favouritesOnly, setFavouritesOnly] = useState(false);
  const [view, setView] = useState<TileView>("grid");
  const { favourites, toggle } = useFavourites();
  const { recents, record } = useRecents();
  const list = useRef<HTMLUListElement>(null);
  const focusFirstTile = useRef(false);

  const tree = useMemo(
    () => resolveTree(categoryTree, (id, field) => t(`items.${id}.${field}`)),
    [t],
  );
  const steps = resolveTrail(tree, trail);
  const filtering = query.trim().length > 0 || favouritesOnly;
  const items = visibleItems(tree, { trail, query, favouritesOnly, favourites });

  useEffect(() => {
    if (!focusFirstTile.current) return;
    focusFirstTile.current = false;
    list.current?.querySelector<HTMLElement>("[data-tile-main]")?.focus();
  }, [trail]);

  const goTo = (next: CategoryId[]) => {
    focusFirstTile.current = true;
    setQuery("");
    setFavouritesOnly(false);
    setTrail(next);
  };

  const openFolder = (item: NavigationItem) => goTo(trailTo(tree, item.id) ?? []);

  const remember = (entry: RecentEntry) => {
    record(entry);
    onLeafSelected?.();
  };

  const selectLeaf = (item: NavigationItem) => {
    if (!item.url) return;
    remember({
      title: item.title,
      icon: item.icon ?? "folder",
      description: item.description,
      url: item.url,
      path: item.path,
    });
  };

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <QuickAccessToolbar
        query={query}
        onQueryChange={setQuery}
        favouritesOnly={favouritesOnly}
        onFavouritesOnlyChange={setFavouritesOnly}
        view={view}
        onViewChange={setView}
        autoFocus={variant === "panel"}
      />
      <QuickAccessBreadcrumb steps={steps} onSelect={(depth) => goTo(trail.slice(0, depth))} />
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {filtering ? t("results", { count: items.length }) : ""}
      </p>
      {items.length === 0 ? (
        <p className="rounded-card border border-dashed border-border p-6 text-center text-muted-foreground">
          {t("noResults")}
        </p>
      ) : (
        <ul
          ref={list}
          className={cn(
            "grid",
            view === "list" && "grid-cols-1 gap-2",
            view === "grid" && "grid-cols-2 gap-3 sm:grid-cols-3",
            view === "grid" &&
              variant === "page" &&
              "lg:grid-cols-4 xl:grid-cols-5 2xl:grid-cols-6",
          )}
          data-testid="quick-access-items"
          data-view={view}
        >
          {items.map((item) => (
            <QuickAccessTile
              key={item.id}
              item={item}
              view={view}
              showPath={filtering}
              isFavourite={favourites.includes(item.id)}
              onToggleFavourite={(target) => toggle(target.id)}
              onOpenFolder={openFolder}
              onSelectLeaf={selectLeaf}
            />
          ))}
        </ul>
      )}
      <QuickAccessRecents
        recents={recents}
        onSelect={remember}
        headingLevel={variant === "panel" ? "h3" : "h2"}
      />
    </div>
  );
}
