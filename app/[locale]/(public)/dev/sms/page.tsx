import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import { devToolsEnabled, env } from "@/lib/env";
import { pageMetadata } from "@/lib/seo/metadata";
import { listSmsOutbox } from "@/lib/sms/outbox";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("devSms");
  return {
    ...pageMetadata({ path: "/dev/sms", title: t("metaTitle"), description: t("intro") }),
    robots: { index: false },
  };
}

/** Developer route (only when devToolsEnabled()): the dev SMS outbox, newest first. */
export default async function SmsOutboxPage() {
  if (!devToolsEnabled()) notFound();
  const [t, format, items] = await Promise.all([
    getTranslations("devSms"),
    getFormatter(),
    listSmsOutbox(50),
  ]);
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-2 mb-6 text-muted-foreground">{t("intro")}</p>
      {env().SMS_PROVIDER !== "outbox" ? (
        <p role="note" className="mb-6 rounded-card border border-border bg-surface-2 p-3 text-sm">
          {t("providerActive")}
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="rounded-card border border-border bg-surface p-6 text-muted-foreground">
          {t("empty")}
        </p>
      ) : (
        <ul aria-label={t("listLabel")} className="flex flex-col gap-3">
          {items.map((item) => (
            <li key={item.id} className="rounded-card border border-border bg-surface p-4">
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-muted-foreground">{t("to")}</dt>
                <dd className="break-all">{item.to}</dd>
                <dt className="text-muted-foreground">{t("sent")}</dt>
                <dd>
                  <time dateTime={item.createdAt.toISOString()}>
                    {format.dateTime(item.createdAt, { dateStyle: "medium", timeStyle: "medium" })}
                  </time>
                </dd>
              </dl>
              <p className="mt-3 break-words whitespace-pre-wrap">{item.body}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
