import { flattenTree, type NavigationItem } from "@/lib/navigation/tree";
import { foldText } from "./did-you-mean";

/**
 * The search page's category matches (issue 11 §3: search runs "across all listing kinds and
 * the category tree"): the Quick Access leaves whose words contain every word of the query
 * (title, description and the folders above it, accents and case ignored), so "plumbing",
 * "pizza" (Italian: "Pizza, pasta and trattorias") and "sushi restaurant" each find their
 * landing pages. A matching folder stands for its leaves. Title matches come first; at most
 * `max`.
 */
export interface CategoryMatch {
  id: NavigationItem["id"];
  title: string;
  url: string;
  icon: NavigationItem["icon"];
  /** The folders above it, from the top ("Restaurants › Sushi"). */
  path: string[];
}

function leavesOf(item: NavigationItem): NavigationItem[] {
  if (item.url) return [item];
  return (item.children ?? []).flatMap(leavesOf);
}

export function matchCategories(
  tree: readonly NavigationItem[],
  query: string,
  max = 8,
): CategoryMatch[] {
  const words = foldText(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 2);
  if (words.length === 0) return [];
  const scored: { item: NavigationItem; score: number; order: number }[] = [];
  flattenTree(tree).forEach((item, order) => {
    const title = foldText(item.title);
    const haystack = `${title} ${foldText(item.description)} ${foldText(item.path.join(" "))}`;
    if (!words.every((word) => haystack.includes(word))) return;
    const score = words.filter((word) => title.includes(word)).length;
    scored.push({ item, score, order });
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  const seen = new Set<string>();
  const out: CategoryMatch[] = [];
  for (const { item } of scored) {
    for (const leaf of leavesOf(item)) {
      if (out.length >= max || seen.has(leaf.id) || !leaf.url) continue;
      seen.add(leaf.id);
      out.push({ id: leaf.id, title: leaf.title, url: leaf.url, icon: leaf.icon, path: leaf.path });
    }
  }
  return out;
}
