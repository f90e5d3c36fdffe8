import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { devToolsEnabled } from "@/lib/env";

export const metadata: Metadata = { robots: { index: false, follow: false } };

/**
 * The benchmark's baseline (bench/run.ts): the least a page of this layout can be. Exists
 * only with the developer tools on.
 */
export default async function BarePage() {
  await connection();
  if (!devToolsEnabled()) notFound();
  const t = await getTranslations("platform.bare");
  return (
    <div className="px-4 py-8">
      <h1 className="text-xl font-semibold">{t("title")}</h1>
      <p>{t("body")}</p>
    </div>
  );
}
