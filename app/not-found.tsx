"use client";

/**
 * The root segment's not-found boundary. Nothing should reach it: unknown URLs get
 * app/global-not-found.tsx, and a page's `notFound()` its route group's not-found.tsx (inside
 * the group's layout). It exists because Next puts the root boundary's element in every page's
 * RSC payload: without this file that is Next's built-in 404 page (about 1.3 kB of markup and
 * styles); a client component costs a reference. There is no layout above it, so it renders
 * its own document.
 */
export default function RootNotFound() {
  return (
    <html lang="en">
      <body>
        <main>
          <h1>Page not found</h1>
          <p>
            {/* A full load: nothing of the app's layouts is mounted here. */}
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
            <a href="/">Live Market</a>
          </p>
        </main>
      </body>
    </html>
  );
}
