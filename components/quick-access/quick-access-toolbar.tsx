"use client";

import { useId, useRef } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils/cn";
import type { TileView } from "./quick-access-tile";
import { Icon } from "@/components/ui/icon";

/** The search box (clearable), the favourites filter and the grid/list toggle. */
export function QuickAccessToolbar({
  query,
  onQueryChange,
  favouritesOnly,
  onFavouritesOnlyChange,
  view,
  onViewChange,
  autoFocus,
}: {
  query: string;
  onQueryChange: (query: string) => void;
  favouritesOnly: boolean;
  onFavouritesOnlyChange: (on: boolean) => void;
  view: TileView;
  onViewChange: (view: TileView) => void;
  autoFocus?: boolean;
}) {
  const t = useTranslations("quickAccess");
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const toggleClass = "aria-pressed:bg-surface-2 aria-pressed:text-primary-text";

  return (
    <div className="flex flex-wrap items-center gap-2">
      {/* At least 14 rem: on a phone the box takes the whole row (its placeholder fits) and
          the toggles go below it. */}
      <div className="relative min-w-0 flex-1 basis-56">
        <label htmlFor={inputId} className="sr-only">
          {t("search")}
        </label>
        <Icon
          name="search"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          ref={input}
          id={inputId}
          type="search"
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          placeholder={t("searchPlaceholder")}
          autoComplete="off"
          autoFocus={autoFocus}
          className={cn("pl-9 [&::-webkit-search-cancel-button]:hidden", query ? "pr-10" : "pr-3")}
        />
        {query ? (
          <button
            type="button"
            className="absolute top-1/2 right-1 -translate-y-1/2 rounded-card p-2 text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
            aria-label={t("clearSearch")}
            onClick={() => {
              onQueryChange("");
              input.current?.focus();
            }}
          >
            <Icon name="x" className="size-4" aria-hidden />
          </button>
        ) : null}
      </div>
      <Button
        variant="outline"
        size="icon"
        className={cn(
          toggleClass,
          favouritesOnly && "text-secondary-text aria-pressed:text-secondary-text",
        )}
        aria-pressed={favouritesOnly}
        aria-label={t("favouritesOnly")}
        onClick={() => onFavouritesOnlyChange(!favouritesOnly)}
      >
        <Icon name="heart" className={cn(favouritesOnly && "fill-current")} aria-hidden />
      </Button>
      <div role="group" aria-label={t("view")} className="flex rounded-card border border-border">
        <Button
          variant="ghost"
          size="icon"
          className={cn(toggleClass, "rounded-r-none")}
          aria-pressed={view === "grid"}
          aria-label={t("gridView")}
          onClick={() => onViewChange("grid")}
        >
          <Icon name="layout-grid" aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className={cn(toggleClass, "rounded-l-none")}
          aria-pressed={view === "list"}
          aria-label={t("listView")}
          onClick={() => onViewChange("list")}
        >
          <Icon name="list" aria-hidden />
        </Button>
      </div>
    </div>
  );
}
