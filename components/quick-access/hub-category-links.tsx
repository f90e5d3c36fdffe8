import { useTranslations } from "next-intl";
import { categoryTree } from "@/lib/navigation/categories";
import { resolveTree, type NavigationItem } from "@/lib/navigation/tree";
import { CategoryIcon } from "./category-icon";

function LeafLinks({ items }: { items: readonly NavigationItem[] }) {
  return (
    <ul>
      {items.map((item) => (
        <li key={item.id}>
          {item.url ? (
            <a href={item.url}>{item.title}</a>
          ) : (
            <>
              <span>{item.title}</span>
              <LeafLinks items={item.children ?? []} />
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The hub's categories as plain links: each top-level category with its landing pages,
 * sub-folders nested. Only the server renders it, in a <noscript> (hub-no-script-links.tsx);
 * its styles are `.hub-links` descendants (app/globals.css) rather than classes on every link.
 */
export function HubCategoryLinks() {
  const t = useTranslations("quickAccess");
  const tree = resolveTree(categoryTree, (id, field) => t(`items.${id}.${field}`));
  return (
    <ul className="hub-links" data-testid="hub-category-links">
      {tree.map((category) => (
        <li key={category.id}>
          <h2>
            <CategoryIcon name={category.icon} />
            {category.title}
          </h2>
          <p>{category.description}</p>
          <LeafLinks items={category.children ?? []} />
        </li>
      ))}
    </ul>
  );
}
