import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ServerIcon } from "@/components/ui/server-icon";
import { categoryTree } from "@/lib/navigation/categories";
import { resolveTree, type NavigationItem } from "@/lib/navigation/tree";

function LeafLinks({ items }: { items: readonly NavigationItem[] }) {
  return (
    <ul className="flex flex-col gap-1">
      {items.map((item) => (
        <li key={item.id}>
          {item.url ? (
            <Link
              href={item.url}
              className="inline-flex min-h-8 items-center gap-2 rounded-card px-1 text-sm text-primary-text underline-offset-4 hover:underline"
            >
              {item.title}
            </Link>
          ) : (
            <div className="flex flex-col gap-1 py-1">
              <span className="px-1 text-sm font-medium">{item.title}</span>
              <div className="border-l border-border pl-3">
                <LeafLinks items={item.children ?? []} />
              </div>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The hub's category grid as plain server HTML: each top-level category with its landing
 * pages as links (sub-folders nested). It is what the hub shows without JavaScript (in a
 * <noscript>: the deferred category browser's HTML stays hidden then, hub-browser.tsx).
 */
export async function HubCategoryLinks() {
  const t = await getTranslations("quickAccess");
  const tree = resolveTree(categoryTree, (id, field) => t(`items.${id}.${field}`));
  return (
    <ul
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
      data-testid="hub-category-links"
    >
      {tree.map((category) => (
        <li
          key={category.id}
          className="flex min-w-0 flex-col gap-2 rounded-card border border-border bg-surface-2/60 p-3"
        >
          <h2 className="flex items-center gap-2 font-medium text-primary-text">
            <ServerIcon name={category.icon ?? "folder"} className="size-5 shrink-0" />
            {category.title}
          </h2>
          <p className="text-sm text-muted-foreground">{category.description}</p>
          <LeafLinks items={category.children ?? []} />
        </li>
      ))}
    </ul>
  );
}
