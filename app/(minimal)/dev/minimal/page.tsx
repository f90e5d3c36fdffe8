import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { devToolsEnabled } from "@/lib/env";

export const metadata: Metadata = { title: "Minimal page", robots: { index: false } };

const ITEMS = Array.from({ length: 20 }, (_, index) => index + 1);

/**
 * The bench's baseline (bench/run.ts): what Next itself serves for a dynamic page that reads
 * the request — a heading and a list of 20 items under a root layout of its own, outside the
 * proxy's matcher. Every page is reported as a ratio to it. Exists only with the developer
 * tools on.
 */
export default async function MinimalPage() {
  const userAgent = (await headers()).get("user-agent") ?? "unknown";
  if (!devToolsEnabled()) notFound();
  return (
    <main>
      <h1>Minimal page</h1>
      <p>Rendered for {userAgent.slice(0, 40)}.</p>
      <ul>
        {ITEMS.map((item) => (
          <li key={item}>
            Item {item}: a line of text about the size of a short listing summary in a result list,
            so that the page weighs what a small real page weighs.
          </li>
        ))}
      </ul>
    </main>
  );
}
