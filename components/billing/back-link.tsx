import Link from "next/link";

/** The small link back above a profile billing screen. */
export function BackLink({ href, children }: { href: string; children: string }) {
  return (
    <Link
      href={href}
      className="mb-6 inline-block text-sm text-primary-text underline underline-offset-4 hover:no-underline"
    >
      {children}
    </Link>
  );
}
