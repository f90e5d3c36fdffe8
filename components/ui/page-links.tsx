import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";

/**
 * "Previous page · Page n of m · Next page" as plain links (server-rendered, works without
 * JavaScript): the public result lists and the reviews screen. Nothing when there is one page.
 */
export function PageLinks({
  page,
  pages,
  href,
  labels,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  labels: { navigation: string; previous: string; next: string; position: string };
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={labels.navigation} className="mt-6 flex flex-wrap items-center gap-2">
      {page > 1 ? (
        <Link href={href(page - 1)} className={buttonVariants({ variant: "outline" })} rel="prev">
          {labels.previous}
        </Link>
      ) : null}
      <span className="text-sm text-muted-foreground">{labels.position}</span>
      {page < pages ? (
        <Link href={href(page + 1)} className={buttonVariants({ variant: "outline" })} rel="next">
          {labels.next}
        </Link>
      ) : null}
    </nav>
  );
}
