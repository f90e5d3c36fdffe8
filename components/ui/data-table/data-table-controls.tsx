"use client";

import { useTranslations } from "next-intl";
import { useQueryStates } from "nuqs";
import { useId, useTransition } from "react";
import { cn } from "@/lib/utils/cn";
import { Button } from "../button";
import { Icon } from "../icon";
import { NativeSelect } from "../native-select";
import { clampPage, pageCount, pageItems, pageRange } from "./pager";
import {
  dataTableParsers,
  dataTableUrlKeys,
  defaultPageSizes,
  type DataTableConfig,
  type SortDirection,
} from "./params";

function useTableState<S extends string>(config: DataTableConfig<S>) {
  const [pending, startTransition] = useTransition();
  const [, setState] = useQueryStates(dataTableParsers(config), {
    shallow: false,
    scroll: false,
    startTransition,
    urlKeys: dataTableUrlKeys(config.prefix),
  });
  return { pending, setState };
}

export function DataTableSortButton<S extends string>({
  config,
  sortKey,
  label,
  direction,
}: {
  config: DataTableConfig<S>;
  sortKey: S;
  label: string;
  direction: SortDirection | undefined;
}) {
  const t = useTranslations("ui.dataTable");
  const { pending, setState } = useTableState(config);
  const icon =
    direction === "asc" ? "arrow-up" : direction === "desc" ? "arrow-down" : "arrow-up-down";
  const next: SortDirection = direction === "asc" ? "desc" : "asc";
  return (
    <button
      type="button"
      disabled={pending}
      onClick={() => void setState({ sort: sortKey, dir: next, page: null })}
      className="-mx-1 inline-flex items-center gap-1 rounded-md px-1 py-0.5 hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
    >
      {label}
      <Icon name={icon} className="size-3.5" />
      <span className="sr-only">{t(next === "asc" ? "sortAscending" : "sortDescending")}</span>
    </button>
  );
}

export function DataTablePager<S extends string>({
  config,
  total,
  page,
  size,
}: {
  config: DataTableConfig<S>;
  total: number;
  page: number;
  size: number;
}) {
  const t = useTranslations("ui.dataTable");
  const sizeId = useId();
  const { pending, setState } = useTableState(config);
  const count = pageCount(total, size);
  const current = clampPage(page, total, size);
  const { from, to } = pageRange(current, size, total);
  const go = (target: number) => void setState({ page: target === 1 ? null : target });
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-3 text-sm"
      aria-busy={pending || undefined}
    >
      <p className="text-muted-foreground" aria-live="polite">
        {total === 0 ? t("noRows") : t("range", { from, to, total })}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex items-center gap-2">
          <label htmlFor={sizeId} className="text-muted-foreground">
            {t("pageSize")}
          </label>
          <NativeSelect
            id={sizeId}
            className="h-9 w-20"
            value={String(size)}
            onChange={(event) => void setState({ size: Number(event.target.value), page: null })}
            disabled={pending}
            options={(config.pageSizes ?? defaultPageSizes).map((option) => ({
              value: String(option),
              label: String(option),
            }))}
          />
        </div>
        <nav aria-label={t("pagination")}>
          <ul className="flex items-center gap-1">
            <li>
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={t("previous")}
                disabled={pending || current <= 1}
                onClick={() => go(current - 1)}
              >
                <Icon name="chevron-left" />
              </Button>
            </li>
            {pageItems(current, count).map((item) =>
              item.type === "gap" ? (
                <li key={item.key} aria-hidden className="px-1 text-muted-foreground">
                  …
                </li>
              ) : (
                <li key={item.page}>
                  <Button
                    variant={item.page === current ? "outline" : "ghost"}
                    size="icon-sm"
                    className={cn(item.page === current && "font-bold")}
                    aria-label={t("page", { page: item.page })}
                    aria-current={item.page === current ? "page" : undefined}
                    disabled={pending}
                    onClick={() => go(item.page)}
                  >
                    {item.page}
                  </Button>
                </li>
              ),
            )}
            <li>
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={t("next")}
                disabled={pending || current >= count}
                onClick={() => go(current + 1)}
              >
                <Icon name="chevron-right" />
              </Button>
            </li>
          </ul>
        </nav>
      </div>
    </div>
  );
}
