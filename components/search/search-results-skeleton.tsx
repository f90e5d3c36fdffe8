import { Skeleton } from "@/components/ui/skeleton";

/**
 * What the results look like while they stream: facets and a grid of card shapes. Without
 * JavaScript the streamed results never replace it, so it offers to load the page again.
 */
export function SearchResultsSkeleton({
  label,
  reload,
}: {
  label: string;
  reload: { href: string; text: string };
}) {
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
      <p role="status" className="sr-only">
        {label}
      </p>
      <noscript>
        <p className="lg:col-span-2">
          <a
            href={reload.href}
            className="font-medium text-primary-text underline underline-offset-4"
          >
            {reload.text}
          </a>
        </p>
      </noscript>
      <div className="hidden flex-col gap-3 lg:flex">
        <Skeleton className="h-6 w-32" />
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
      </div>
      <div className="min-w-0">
        <Skeleton className="mb-3 h-7 w-48" />
        <ul className="sf-grid">
          {Array.from({ length: 8 }, (_, i) => (
            <li key={i} className="flex">
              <Skeleton className="aspect-[3/4] w-full" />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
