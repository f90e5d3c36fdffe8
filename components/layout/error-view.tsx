import { Home } from "lucide-react";
import Link from "next/link";

/**
 * The generic error page (spec §2 and §8): only the heading Error, plus a way back home.
 */
export function ErrorView({ title, homeLabel }: { title: string; homeLabel: string }) {
  return (
    <div className="flex min-h-[50dvh] flex-col items-center justify-center gap-6 px-4 py-16 text-center">
      <h1 className="text-4xl font-bold">{title}</h1>
      <Link
        href="/"
        className="inline-flex h-10 items-center gap-2 rounded-card border border-border px-4 text-sm font-medium hover:bg-surface-2"
      >
        <Home className="size-4" aria-hidden />
        {homeLabel}
      </Link>
    </div>
  );
}
