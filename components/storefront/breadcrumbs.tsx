import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { absoluteUrl } from "@/lib/seo/metadata";

export interface Crumb {
  label: string;
  href: string;
}

/**
 * The trail to the current page (the last crumb is the page itself), as links and as a
 * schema.org BreadcrumbList for search engines.
 */
export async function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  const t = await getTranslations("storefront");
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.label,
      item: absoluteUrl(crumb.href),
    })),
  };
  return (
    <nav aria-label={t("breadcrumbs")} className="mb-4 text-sm">
      <ol className="flex flex-wrap items-center gap-x-1 gap-y-1 text-muted-foreground">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.href} className="flex items-center gap-1">
              {last ? (
                <span aria-current="page" className="text-foreground">
                  {crumb.label}
                </span>
              ) : (
                <>
                  <Link href={crumb.href} className="underline-offset-4 hover:underline">
                    {crumb.label}
                  </Link>
                  <span aria-hidden>›</span>
                </>
              )}
            </li>
          );
        })}
      </ol>
      <JsonLd data={jsonLd} />
    </nav>
  );
}

/** schema.org data for crawlers; `<` is escaped so a text cannot close the script element. */
export function JsonLd({ data }: { data: unknown }) {
  return (
    <script
      type="application/ld+json"
      // JSON, escaped above: data for crawlers, never executed.
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }}
    />
  );
}
