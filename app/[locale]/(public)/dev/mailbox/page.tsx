import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { devToolsEnabled, env } from "@/lib/env";
import { listOutbox } from "@/lib/mail/outbox";
import { pageMetadata } from "@/lib/seo/metadata";
import { MailboxList } from "./mailbox-list";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("mailbox");
  return {
    ...pageMetadata({ path: "/dev/mailbox", title: t("metaTitle"), description: t("intro") }),
    robots: { index: false },
  };
}

const query = z.object({ page: z.coerce.number().int().min(1).catch(1).default(1) });

/** Developer route (only when devToolsEnabled()): the dev outbox, newest first. */
export default async function MailboxPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  if (!devToolsEnabled()) notFound();
  const { page } = query.parse(await searchParams);
  const [t, data] = await Promise.all([getTranslations("mailbox"), listOutbox(page)]);
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-2 mb-6 text-muted-foreground">{t("intro")}</p>
      {env().SMTP_URL ? (
        <p role="note" className="mb-6 rounded-card border border-border bg-surface-2 p-3 text-sm">
          {t("smtpActive")}
        </p>
      ) : null}
      <MailboxList data={data} />
    </div>
  );
}
