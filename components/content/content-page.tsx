import { type ReactNode } from "react";

export interface ContentSection {
  id: string;
  title: string;
  body: string;
}

interface ContentPageProps {
  title: string;
  intro: string;
  sections: readonly ContentSection[];
  /** Heading of the table of contents; none is shown without it. */
  tocTitle?: string;
  children?: ReactNode;
}

/**
 * The reading layout of the public content pages (about, terms, privacy, partners): a
 * heading, an introduction, optional table of contents and one titled section per topic.
 */
export function ContentPage({ title, intro, sections, tocTitle, children }: ContentPageProps) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 md:py-14 xl:max-w-4xl">
      <header className="mb-8 flex flex-col gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-primary-text sm:text-4xl">{title}</h1>
        <p className="text-lg leading-relaxed text-muted-foreground">{intro}</p>
      </header>
      {tocTitle ? (
        <nav
          aria-labelledby="toc-title"
          className="mb-10 rounded-card border border-border bg-surface p-5"
        >
          <h2 id="toc-title" className="mb-3 text-sm font-semibold tracking-wide uppercase">
            {tocTitle}
          </h2>
          <ol className="grid list-decimal gap-1 pl-5 text-sm sm:grid-cols-2">
            {sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="text-primary-text underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <div className="flex flex-col gap-8">
        {sections.map((section) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-title`}
            className="scroll-mt-28"
          >
            <h2 id={`${section.id}-title`} className="mb-2 text-xl font-semibold sm:text-2xl">
              {section.title}
            </h2>
            <p className="leading-relaxed">{section.body}</p>
          </section>
        ))}
      </div>
      {children ? <div className="mt-12">{children}</div> : null}
    </div>
  );
}
