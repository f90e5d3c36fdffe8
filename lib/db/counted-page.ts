import { clampPage } from "@/components/ui/data-table/pager";

/**
 * A page of a server-paged list with the list's total, in one round trip: the count and the
 * page asked for are sent together (in a transaction postgres.js pipelines them). A page past
 * the end (an old link, a list that shrank) shows the last page, read once more.
 */
export async function countedPage<R>(
  asked: number,
  size: number,
  count: () => PromiseLike<number>,
  rows: (page: number) => PromiseLike<R[]>,
): Promise<{ rows: R[]; total: number; page: number }> {
  const first = clampPage(asked, Number.MAX_SAFE_INTEGER, size);
  const [total, found] = await Promise.all([count(), rows(first)]);
  const page = clampPage(asked, total, size);
  return { total, page, rows: page === first ? found : await rows(page) };
}
