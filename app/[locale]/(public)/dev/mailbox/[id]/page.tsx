import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import { buttonVariants } from "@/components/ui/button";
import { devToolsEnabled } from "@/lib/env";
import { getOutboxMessage } from "@/lib/mail/outbox";
import { pageMetadata } from "@/lib/seo/metadata";
import { cn } from "@/lib/utils/cn";
import { Icon } from "@/components/ui/icon";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations("mailbox");
  const { id } = await params;
  return {
    ...pageMetadata({ path: `/dev/mailbox/${id}`, title: t("metaTitle"), description: t("intro") }),
    robots: { index: false },
  };
}

/** One outbox email: headers, the HTML in a sandboxed frame (no scripts), the text part. */
export default async function MailboxMessagePage({ params }: Props) {
  if (!devToolsEnabled()) notFound();
  const mail = await getOutboxMessage((await params).id);
  if (!mail) notFound();
  const [t, format] = await Promise.all([getTranslations("mailbox"), getFormatter()]);
  const rows: [string, string][] = [
    [t("from"), mail.from],
    [t("to"), mail.to],
    [t("sent"), format.dateTime(mail.createdAt, { dateStyle: "medium", timeStyle: "medium" })],
    ...(mail.template ? ([[t("template"), mail.template]] as [string, string][]) : []),
    ...(mail.locale ? ([[t("language"), mail.locale]] as [string, string][]) : []),
  ];
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
      <Link
        href="/dev/mailbox"
        className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "self-start")}
      >
        <Icon name="arrow-left" aria-hidden />
        {t("back")}
      </Link>
      <h1 className="text-2xl font-bold tracking-tight break-words">{mail.subject}</h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="mail-html" className="flex flex-col gap-2">
        <h2 id="mail-html" className="text-lg font-semibold">
          {t("html")}
        </h2>
        <iframe
          title={t("frameTitle", { subject: mail.subject })}
          sandbox=""
          srcDoc={mail.html}
          className="h-[36rem] w-full rounded-card border border-border bg-white"
        />
      </section>
      <section aria-labelledby="mail-text" className="flex flex-col gap-2">
        <h2 id="mail-text" className="text-lg font-semibold">
          {t("text")}
        </h2>
        <pre
          data-testid="mail-text"
          className="overflow-x-auto rounded-card border border-border bg-surface p-4 text-sm whitespace-pre-wrap"
        >
          {mail.text}
        </pre>
      </section>
    </div>
  );
}
