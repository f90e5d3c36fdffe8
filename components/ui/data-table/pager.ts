/** Pager maths for server-side paging; pure, shared by server and client. */

export function pageCount(total: number, pageSize: number): number {
  if (pageSize <= 0 || total <= 0) return 1;
  return Math.ceil(total / pageSize);
}

/** A page number from the URL, brought into 1..pageCount. */
export function clampPage(page: number, total: number, pageSize: number): number {
  if (!Number.isFinite(page) || page < 1) return 1;
  return Math.min(Math.floor(page), pageCount(total, pageSize));
}

/** Rows to skip for a page (SQL OFFSET). */
export function pageOffset(page: number, pageSize: number): number {
  return Math.max(0, (Math.max(1, Math.floor(page)) - 1) * pageSize);
}

/** 1-based positions of the first and last row shown, 0/0 when there are none. */
export function pageRange(
  page: number,
  pageSize: number,
  total: number,
): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const current = clampPage(page, total, pageSize);
  const from = pageOffset(current, pageSize) + 1;
  return { from, to: Math.min(total, from + pageSize - 1) };
}

export type PageItem = { type: "page"; page: number } | { type: "gap"; key: string };

/**
 * The page buttons to show: always the first and last, `siblings` pages either side of the
 * current one, and a gap where pages are skipped (a gap never hides a single page).
 */
export function pageItems(current: number, count: number, siblings = 1): PageItem[] {
  const last = Math.max(1, count);
  const page = Math.min(Math.max(1, current), last);
  const shown = new Set<number>([1, last]);
  for (let p = page - siblings; p <= page + siblings; p++) {
    if (p >= 1 && p <= last) shown.add(p);
  }
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const p of sorted) {
    if (p - previous === 2) items.push({ type: "page", page: p - 1 });
    else if (p - previous > 2) items.push({ type: "gap", key: `gap-${previous}` });
    items.push({ type: "page", page: p });
    previous = p;
  }
  return items;
}
