import { describe, expect, it } from "vitest";
import { parseFavourites, toggleFavourite } from "@/lib/navigation/favourites";
import { addRecent, parseRecents, shownRecents, type RecentEntry } from "@/lib/navigation/recents";

const entry = (title: string, url = `/commerce/service?category=${title}`): RecentEntry => ({
  title,
  icon: "folder",
  description: `${title} description`,
  url,
  path: ["Services"],
});

describe("recents", () => {
  it("puts the newest first", () => {
    const recents = addRecent(addRecent([], entry("a")), entry("b"));
    expect(recents.map((recent) => recent.title)).toEqual(["b", "a"]);
  });

  it("replaces an entry with the same title and moves it to the front", () => {
    let recents = ["a", "b", "c"].reduce<RecentEntry[]>(
      (list, title) => addRecent(list, entry(title)),
      [],
    );
    recents = addRecent(recents, entry("a", "/new"));
    expect(recents.map((recent) => recent.title)).toEqual(["a", "c", "b"]);
    expect(recents[0]?.url).toBe("/new");
  });

  it("keeps 10 and shows 4", () => {
    const recents = Array.from({ length: 12 }, (_, i) => `t${i}`).reduce<RecentEntry[]>(
      (list, title) => addRecent(list, entry(title)),
      [],
    );
    expect(recents).toHaveLength(10);
    expect(recents[0]?.title).toBe("t11");
    expect(recents.at(-1)?.title).toBe("t2");
    expect(shownRecents(recents).map((recent) => recent.title)).toEqual(["t11", "t10", "t9", "t8"]);
  });

  it("reads back what it stored", () => {
    const recents = [entry("a"), entry("b")];
    expect(parseRecents(JSON.stringify(recents))).toEqual(recents);
  });

  it("tolerates missing, malformed and partly invalid storage", () => {
    expect(parseRecents(null)).toEqual([]);
    expect(parseRecents("{not json")).toEqual([]);
    expect(parseRecents('{"title":"a"}')).toEqual([]);
    const stored = JSON.stringify([
      { title: "ok", url: "/commerce/event?type=tennis" },
      { title: "", url: "/x" },
      { title: "external", url: "https://evil.example" },
      { title: "protocol-relative", url: "//evil.example" },
      { title: "backslash", url: "/\\evil.example" },
      { title: "script", url: "javascript:alert(1)" },
      42,
      { title: "ok", url: "/duplicate" },
    ]);
    expect(parseRecents(stored)).toEqual([
      {
        title: "ok",
        icon: "folder",
        description: "",
        url: "/commerce/event?type=tennis",
        path: [],
      },
    ]);
  });

  it("never returns more than 10 from storage", () => {
    const many = Array.from({ length: 15 }, (_, i) => entry(`t${i}`));
    expect(parseRecents(JSON.stringify(many))).toHaveLength(10);
  });
});

describe("favourites", () => {
  it("toggles a key on and off", () => {
    const on = toggleFavourite([], "plumbing");
    expect(on).toEqual(["plumbing"]);
    expect(toggleFavourite(on, "tennis")).toEqual(["plumbing", "tennis"]);
    expect(toggleFavourite(on, "plumbing")).toEqual([]);
  });

  it("tolerates bad storage and drops non-strings and duplicates", () => {
    expect(parseFavourites(null)).toEqual([]);
    expect(parseFavourites("]")).toEqual([]);
    expect(parseFavourites('"plumbing"')).toEqual([]);
    expect(parseFavourites('["plumbing", 3, null, "plumbing", "spa"]')).toEqual([
      "plumbing",
      "spa",
    ]);
  });
});
