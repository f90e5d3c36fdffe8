import type { CategoryIconName, CategoryId, CategoryNode } from "./categories";

/**
 * A navigation item as the panel shows it (spec §3): the node with its title and description
 * resolved in the current language, and `path`, the titles of its parents from the top.
 */
export type NavigationItem = {
  id: CategoryId;
  title: string;
  description: string;
  icon?: CategoryIconName;
  url?: string;
  children?: NavigationItem[];
  path: string[];
};

export type Translate = (id: CategoryId, field: "title" | "description") => string;

/** Turns the data tree into navigation items with localized texts and parent paths. */
export function resolveTree(
  nodes: readonly CategoryNode[],
  translate: Translate,
  path: string[] = [],
): NavigationItem[] {
  return nodes.map((node) => {
    const title = translate(node.id, "title");
    const item: NavigationItem = {
      id: node.id,
      title,
      description: translate(node.id, "description"),
      path,
    };
    if (node.icon) item.icon = node.icon;
    if (node.url) item.url = node.url;
    if (node.children) item.children = resolveTree(node.children, translate, [...path, title]);
    return item;
  });
}

/** Every item of the tree, depth first, parents before their children. */
export function flattenTree(items: readonly NavigationItem[]): NavigationItem[] {
  return items.flatMap((item) => [item, ...flattenTree(item.children ?? [])]);
}

export function isFolder(item: NavigationItem): boolean {
  return (item.children?.length ?? 0) > 0;
}

/**
 * Follows a trail of ids from the top of the tree. Returns the items along the way (the
 * breadcrumb after Home); an id that does not match stops the walk, so a stale trail falls
 * back to the deepest level that still exists.
 */
export function resolveTrail(
  items: readonly NavigationItem[],
  trail: readonly CategoryId[],
): NavigationItem[] {
  const steps: NavigationItem[] = [];
  let level = items;
  for (const id of trail) {
    const next = level.find((item) => item.id === id && isFolder(item));
    if (!next) break;
    steps.push(next);
    level = next.children ?? [];
  }
  return steps;
}

/** The items shown at the end of a trail: the top level for an empty trail. */
export function levelItems(
  items: readonly NavigationItem[],
  trail: readonly CategoryId[],
): NavigationItem[] {
  const steps = resolveTrail(items, trail);
  const last = steps.at(-1);
  return last ? (last.children ?? []) : [...items];
}

/** The trail (ids from the top) that opens a folder, or null when the id is not in the tree. */
export function trailTo(items: readonly NavigationItem[], id: CategoryId): CategoryId[] | null {
  for (const item of items) {
    if (item.id === id) return [item.id];
    const below = trailTo(item.children ?? [], id);
    if (below) return [item.id, ...below];
  }
  return null;
}

function normalise(text: string): string {
  return text
    .toLocaleLowerCase()
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "");
}

/**
 * Case-insensitive search on title and description across the whole tree (accents ignored,
 * so "cafe" finds "Café"). An empty query matches nothing: the caller shows the level instead.
 */
export function searchTree(items: readonly NavigationItem[], query: string): NavigationItem[] {
  const needle = normalise(query.trim());
  if (!needle) return [];
  return flattenTree(items).filter(
    (item) =>
      normalise(item.title).includes(needle) || normalise(item.description).includes(needle),
  );
}

/**
 * What the panel lists: with a query or the favourites filter on, matches from the whole tree
 * (both filters combine); otherwise the items of the current level.
 */
export function visibleItems(
  items: readonly NavigationItem[],
  options: {
    trail: readonly CategoryId[];
    query: string;
    favouritesOnly: boolean;
    favourites: readonly string[];
  },
): NavigationItem[] {
  const { trail, query, favouritesOnly, favourites } = options;
  const searching = query.trim().length > 0;
  if (!searching && !favouritesOnly) return levelItems(items, trail);
  const pool = searching ? searchTree(items, query) : flattenTree(items);
  return favouritesOnly ? pool.filter((item) => favourites.includes(item.id)) : pool;
}
