import { count, type SQL } from "drizzle-orm";
import { clampPage } from "@/components/ui/data-table/pager";
import type { Tx } from "@/lib/db/types";

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

/** The rows of `table` that `where` keeps (under the transaction's RLS), for `countedPage`. */
export async function countRows(
  tx: Tx,
  table: Parameters<ReturnType<Tx["select"]>["from"]>[0],
  where: SQL | undefined,
): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}
