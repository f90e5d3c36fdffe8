/**
 * The generic error page (spec §2 and §8): only the heading Error, plus a way back home.
 *
 * The way home is a plain link (a full page load, the surest recovery after an error) with the
 * house icon drawn inline: the global error boundary ships this component in its own chunk,
 * which every page loads, and next/link plus lucide there would be loaded a second time
 * (about 5 kB gzipped on every page, docs/bench.md).
 */
export function ErrorView({ title, homeLabel }: { title: string; homeLabel: string }) {
  return (
    <div className="flex min-h-[50dvh] flex-col items-center justify-center gap-6 px-4 py-16 text-center">
      <h1 className="text-4xl font-bold">{title}</h1>
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load recovers */}
      <a
        href="/"
        className="inline-flex h-10 items-center gap-2 rounded-card border border-border px-4 text-sm font-medium hover:bg-surface-2"
      >
        <svg
          xmlns="http://www.w3.org/2000/svg"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
          className="size-4"
          aria-hidden
        >
          <path d="M15 21v-8a1 1 0 0 0-1-1h-4a1 1 0 0 0-1 1v8" />
          <path d="M3 10a2 2 0 0 1 .709-1.528l7-6a2 2 0 0 1 2.582 0l7 6A2 2 0 0 1 21 10v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
        </svg>
        {homeLabel}
      </a>
    </div>
  );
}
