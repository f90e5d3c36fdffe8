import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { DevErrorTriggers } from "@/components/layout/dev-error-triggers";
import { devToolsEnabled } from "@/lib/env";

export const metadata: Metadata = { robots: { index: false } };

/**
 * Developer route (only when devToolsEnabled()): by default it throws while rendering, to
 * prove the generic error page; with ?mode=client it shows buttons that fail in the browser.
 */
export default async function DevErrorPage({
  searchParams,
}: {
  searchParams: Promise<{ mode?: string | string[] }>;
}) {
  if (!devToolsEnabled()) notFound();
  const { mode } = await searchParams;
  if (mode !== "client") throw new Error("Deliberate render error from /dev/error");
  return <DevErrorTriggers />;
}
