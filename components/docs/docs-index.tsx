import Link from "next/link";
import { Icon } from "@/components/ui/icon";
import type { DocSummary } from "@/lib/docs/docs";

interface DocsIndexProps {
  docs: readonly DocSummary[];
  label: string;
  emptyText: string;
}

/** The ordered list of help articles: one card-like link per article. */
export function DocsIndex({ docs, label, emptyText }: DocsIndexProps) {
  if (docs.length === 0) return <p className="text-muted-foreground">{emptyText}</p>;
  return (
    <nav aria-label={label}>
      <ol className="grid gap-4 md:grid-cols-2">
        {docs.map((doc) => (
          <li key={doc.slug}>
            <Link
              href={`/docs/${doc.slug}`}
              lang={doc.locale}
              className="group flex h-full items-start gap-3 rounded-card border border-border bg-surface p-5 transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <span className="flex flex-1 flex-col gap-1">
                <span className="text-lg font-semibold text-primary-text">{doc.title}</span>
                <span className="text-sm leading-relaxed text-muted-foreground">{doc.summary}</span>
              </span>
              <Icon
                name="chevron-right"
                aria-hidden="true"
                className="mt-1 size-5 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
              />
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
