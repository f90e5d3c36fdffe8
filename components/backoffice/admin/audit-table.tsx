import { ChevronLeft, ChevronRight } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { buttonVariants } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { describeAuditEntries } from "@/lib/audit/describe";
import type { AuditPage } from "@/lib/audit/list";
import { formatDateTime } from "@/lib/i18n/format";

const headCell = "px-3 py-2 text-left font-medium whitespace-nowrap";
const cell = "px-3 py-2 align-top";

/**
 * One page of the audit trail with its "newer" / "older" links and each entry's changes.
 * Actions, resource types and fields show as labels, resources and roles by name
 * (lib/audit/describe.ts), never as keys or ids.
 */
export async function AuditTable({
  organisationId,
  page,
  locale,
  timeZone,
  hrefFor,
}: {
  organisationId: string;
  page: AuditPage;
  locale: string;
  timeZone: string;
  /** The URL of a page of the same filters at a cursor (null: the newest page). */
  hrefFor: (cursor: string | null) => string;
}) {
  const [t, described] = await Promise.all([
    getTranslations("orgAdmin.audit"),
    describeAuditEntries(organisationId, page.entries),
  ]);
  const pager = (
    <nav aria-label={t("pagination")} className="flex flex-wrap justify-between gap-2">
      {page.newer ? (
        <Link
          href={hrefFor(page.newer)}
          className={buttonVariants({ variant: "outline", size: "sm" })}
          rel="prev"
        >
          <ChevronLeft aria-hidden />
          {t("newer")}
        </Link>
      ) : (
        <span />
      )}
      {page.older ? (
        <Link
          href={hrefFor(page.older)}
          className={buttonVariants({ variant: "outline", size: "sm" })}
          rel="next"
        >
          {t("older")}
          <ChevronRight aria-hidden />
        </Link>
      ) : null}
    </nav>
  );
  if (page.entries.length === 0) {
    return (
      <div className="flex flex-col gap-3">
        <EmptyState title={t("empty")} description={t("emptyBody")} headingLevel="h2">
          {page.newer || page.older ? (
            <Link href={hrefFor(null)} className={buttonVariants({ variant: "outline" })}>
              {t("newest")}
            </Link>
          ) : null}
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <div
        className="relative overflow-x-auto rounded-card border border-border"
        role="region"
        aria-label={t("caption")}
        tabIndex={0}
      >
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{t("caption")}</caption>
          <thead className="bg-surface-2 text-muted-foreground">
            <tr>
              <th scope="col" className={headCell}>
                {t("when")}
              </th>
              <th scope="col" className={headCell}>
                {t("who")}
              </th>
              <th scope="col" className={headCell}>
                {t("what")}
              </th>
              <th scope="col" className={headCell}>
                {t("resourceColumn")}
              </th>
              <th scope="col" className={headCell}>
                {t("changes")}
              </th>
            </tr>
          </thead>
          <tbody>
            {page.entries.map((entry, index) => {
              const shown = described[index];
              const changes = shown?.changes ?? [];
              return (
                <tr key={entry.id} className="border-t border-border">
                  <td className={`${cell} whitespace-nowrap`}>
                    <time dateTime={entry.createdAt.toISOString()}>
                      {formatDateTime(entry.createdAt, { locale, timeZone, timeStyle: "medium" })}
                    </time>
                  </td>
                  <td className={`${cell} min-w-32`}>
                    {entry.actorUserId ? (entry.actorName ?? t("unknownPerson")) : t("system")}
                  </td>
                  <td className={`${cell} min-w-40`}>{shown?.action ?? entry.action}</td>
                  <td className={`${cell} min-w-40`}>
                    <span className="block">{shown?.resourceType ?? entry.resourceType}</span>
                    {shown?.resourceName ? (
                      <span className="block max-w-64 text-xs break-words text-muted-foreground">
                        {shown.resourceName}
                      </span>
                    ) : null}
                  </td>
                  <td className={`${cell} min-w-48`}>
                    {changes.length === 0 ? (
                      <span className="text-muted-foreground">{t("noChanges")}</span>
                    ) : (
                      <details>
                        <summary className="cursor-pointer text-primary-text underline-offset-4 hover:underline">
                          {t("showChanges")} ({changes.length})
                        </summary>
                        <table className="mt-2 w-full border-collapse text-xs">
                          <thead>
                            <tr>
                              <th scope="col" className="pr-2 text-left font-medium">
                                {t("field")}
                              </th>
                              <th scope="col" className="pr-2 text-left font-medium">
                                {t("before")}
                              </th>
                              <th scope="col" className="text-left font-medium">
                                {t("after")}
                              </th>
                            </tr>
                          </thead>
                          <tbody>
                            {changes.map((change) => (
                              <tr key={change.key} className="border-t border-border">
                                <th scope="row" className="pr-2 text-left align-top font-normal">
                                  {change.field}
                                </th>
                                <td className="max-w-64 pr-2 align-top break-words text-muted-foreground">
                                  {change.before ?? t("none")}
                                </td>
                                <td className="max-w-64 align-top break-words">
                                  {change.after ?? t("none")}
                                </td>
                              </tr>
                            ))}
                          </tbody>
                        </table>
                      </details>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {pager}
    </div>
  );
}
