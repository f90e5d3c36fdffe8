import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { CategoryIcon } from "@/components/quick-access/category-icon";
import { matchCategories } from "@/lib/listings/search-categories";
import { categoryTree } from "@/lib/navigation/categories";
import { resolveTree } from "@/lib/navigation/tree";

/** The Quick Access categories the words name, as links above the listing results. */
export async function CategoryMatches({ q }: { q: string }) {
  if (!q) return null;
  const [t, tq] = await Promise.all([getTranslations("search"), getTranslations("quickAccess")]);
  const tree = resolveTree(categoryTree, (id, field) => tq(`items.${id}.${field}`));
  const matches = matchCategories(tree, q);
  if (matches.length === 0) return null;
  return (
    <section aria-labelledby="search-categories" className="mt-6">
      <h2 id="search-categories" className="mb-2 text-lg font-semibold">
        {t("categories.title")}
      </h2>
      <ul className="flex flex-wrap gap-2" data-testid="search-categories">
        {matches.map((match) => (
          <li key={match.id} className="min-w-0">
            <Link
              href={match.url}
              className="flex min-h-11 min-w-0 items-center gap-2 rounded-card border border-border bg-surface px-3 py-1.5 text-sm hover:border-primary"
            >
              <CategoryIcon name={match.icon} small className="shrink-0 text-muted-foreground" />
              <span className="min-w-0 break-words">
                <span className="font-medium">{match.title}</span>
                {match.path.length > 0 ? (
                  <span className="block text-xs text-muted-foreground">
                    {t("categories.path", { path: match.path.join(" › ") })}
                  </span>
                ) : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
