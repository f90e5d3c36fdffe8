import { describe, expect, it } from "vitest";
import { countedPage } from "./counted-page";

/** 23 rows, pages of 10: rows of page n are the numbers of that page. */
const all = Array.from({ length: 23 }, (_, i) => i + 1);

function list() {
  const started: string[] = [];
  const count = () => {
    started.push("count");
    return Promise.resolve(all.length);
  };
  const rows = (page: number) => {
    started.push(`page ${page}`);
    return Promise.resolve(all.slice((page - 1) * 10, page * 10));
  };
  return { started, count, rows };
}

describe("countedPage", () => {
  it("asks for the count and the page together, before either answers", async () => {
    const { started, count, rows } = list();
    let answered = false;
    const slowCount = () => {
      const pending = count().then((n) => {
        answered = true;
        return n;
      });
      return pending;
    };
    const rowsChecked = (page: number) => {
      expect(answered).toBe(false);
      return rows(page);
    };
    expect(await countedPage(2, 10, slowCount, rowsChecked)).toEqual({
      total: 23,
      page: 2,
      rows: all.slice(10, 20),
    });
    expect(started).toEqual(["count", "page 2"]);
  });

  it("shows the last page for a page past the end, read once more", async () => {
    const { started, count, rows } = list();
    expect(await countedPage(9, 10, count, rows)).toEqual({
      total: 23,
      page: 3,
      rows: [21, 22, 23],
    });
    expect(started).toEqual(["count", "page 9", "page 3"]);
  });

  it("reads page 1 for a page number that is not one", async () => {
    for (const asked of [0, -3, Number.NaN]) {
      const { count, rows } = list();
      expect((await countedPage(asked, 10, count, rows)).page).toBe(1);
    }
    const { count, rows } = list();
    expect((await countedPage(2.7, 10, count, rows)).rows).toEqual(all.slice(10, 20));
  });

  it("an empty list is page 1 of nothing", async () => {
    const none = await countedPage(
      4,
      10,
      () => Promise.resolve(0),
      () => Promise.resolve([] as number[]),
    );
    expect(none).toEqual({ total: 0, page: 1, rows: [] });
  });
});
