import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { buttonVariants } from "@/components/ui/button";
import type { OutboxPage } from "@/lib/mail/outbox";
import { cn } from "@/lib/utils/cn";

/** The outbox page as a list of links (newest first) with Newer/Older pagination. */
export async function MailboxList({ data }: { data: OutboxPage }) {
  const t = await getTranslations("mailbox");
  const format = await getFormatter();
  if (data.total === 0) {
    return <p className="rounded-card border border-border bg-surface p-6">{t("empty")}</p>;
  }
  const pageHref = (page: number) => (page === 1 ? "/dev/mailbox" : `/dev/mailbox?page=${page}`);
  return (
    <>
      <ul aria-label={t("listLabel")} className="flex flex-col gap-2">
        {data.items.map((mail) => (
          <li key={mail.id}>
            <Link
              href={`/dev/mailbox/${mail.id}`}
              className="flex flex-col gap-1 rounded-card border border-border bg-surface p-4 hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-ring md:flex-row md:items-center md:gap-4"
            >
              <span className="min-w-0 flex-1 truncate font-medium">{mail.subject}</span>
              <span className="min-w-0 truncate text-sm text-muted-foreground md:w-64">
                <span className="sr-only">{t("to")}: </span>
                {mail.to}
              </span>
              <time
                dateTime={mail.createdAt.toISOString()}
                className="shrink-0 text-sm text-muted-foreground"
              >
                {format.dateTime(mail.createdAt, { dateStyle: "medium", timeStyle: "medium" })}
              </time>
            </Link>
          </li>
        ))}
      </ul>
      <nav aria-label={t("pagination")} className="mt-6 flex items-center justify-between gap-4">
        <PageLink href={data.page > 1 ? pageHref(data.page - 1) : null} label={t("newer")} />
        <span className="text-sm text-muted-foreground">
          {t("page", { page: data.page, pages: data.pages })}
        </span>
        <PageLink
          href={data.page < data.pages ? pageHref(data.page + 1) : null}
          label={t("older")}
        />
      </nav>
    </>
  );
}

function PageLink({ href, label }: { href: string | null; label: string }) {
  const className = cn(buttonVariants({ variant: "outline", size: "sm" }));
  if (!href) {
    return (
      <span aria-disabled="true" className={cn(className, "pointer-events-none opacity-50")}>
        {label}
      </span>
    );
  }
  return (
    <Link href={href} className={className}>
      {label}
    </Link>
  );
}
