import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { createLoader, parseAsInteger } from "nuqs/server";
import { buttonVariants } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Icon } from "@/components/ui/icon";
import { describeAuditEntries, type AuditEntryDisplay } from "@/lib/audit/describe";
import type { AuditPage } from "@/lib/audit/list";
import { formatDateTime } from "@/lib/i18n/format";
import { auditEmptyText } from "./audit-empty";
import { AuditRows } from "./audit-rows";

/**
 * `?entry=<id>`: the entry of the page whose changes are open. Only an entry of the page
 * shown (already read as the caller, under RLS) can open: nothing else is looked up.
 */
export const loadOpenedAuditEntry = createLoader({ entry: parseAsInteger });

/**
 * One page of the audit trail with its "newer" / "older" links. Actions, resource types and
 * fields show as labels, resources and roles by name (lib/audit/describe.ts), never as keys
 * or ids. An entry's before/after table is drawn only when it is opened: "Show changes" is a
 * link to the same page with `?entry=<id>` (a server round trip, no script needed), so the
 * page does not carry every row's changes in its HTML and RSC payload (audit-rows.tsx).
 */
export async function AuditTable({
  organisationId,
  page,
  locale,
  timeZone,
  hrefFor,
  cursor,
  opened,
  filtered,
}: {
  organisationId: string;
  page: AuditPage;
  locale: string;
  timeZone: string;
  /** The URL of a page of the same filters at a cursor (null: the newest page). */
  hrefFor: (cursor: string | null) => string;
  /** The cursor of the page shown. */
  cursor: string | null;
  /** The entry whose changes are open (`?entry=`), if any. */
  opened: number | null;
  /** Whether a filter narrows the trail: an empty page then says so, not "nothing yet". */
  filtered: boolean;
}) {
  const [t, described] = await Promise.all([
    getTranslations("orgAdmin.audit"),
    describeAuditEntries(organisationId, page.entries),
  ]);
  const here = hrefFor(cursor);
  const split = here.indexOf("?");
  const path = split < 0 ? here : here.slice(0, split);
  const query = split < 0 ? "" : here.slice(split);
  const openedIndex = page.entries.findIndex((entry) => entry.id === opened);
  const openedChanges = described[openedIndex]?.changes;
  const pager = (
    <nav aria-label={t("pagination")} className="flex flex-wrap justify-between gap-2">
      {page.newer ? (
        <Link
          href={hrefFor(page.newer)}
          className={buttonVariants({ variant: "outline", size: "sm" })}
          rel="prev"
        >
          <Icon name="chevron-left" />
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
          <Icon name="chevron-right" />
        </Link>
      ) : null}
    </nav>
  );
  if (page.entries.length === 0) {
    return (
      <div className="flex flex-col gap-3">
        <EmptyState
          title={t("empty")}
          description={t(auditEmptyText(filtered, page))}
          headingLevel="h2"
        >
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
        <table className="bo-table bo-table-top">
          <caption className="sr-only">{t("caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("when")}</th>
              <th scope="col" className="min-w-32">
                {t("who")}
              </th>
              <th scope="col" className="min-w-40">
                {t("what")}
              </th>
              <th scope="col" className="min-w-40">
                {t("resourceColumn")}
              </th>
              <th scope="col" className="min-w-48">
                {t("changes")}
              </th>
            </tr>
          </thead>
          <tbody>
            <AuditRows
              rows={page.entries.map((entry, index) => {
                const shown = described[index];
                return {
                  id: entry.id,
                  at: entry.createdAt.toISOString(),
                  when: formatDateTime(entry.createdAt, { locale, timeZone, timeStyle: "medium" }),
                  who: entry.actorUserId ? (entry.actorName ?? t("unknownPerson")) : t("system"),
                  action: shown?.action ?? entry.action,
                  type: shown?.resourceType ?? entry.resourceType,
                  name: shown?.resourceName ?? null,
                  changes: shown?.changes.length ?? 0,
                };
              })}
              path={path}
              query={query}
              opened={openedChanges ? opened : null}
              openedChanges={
                openedChanges ? (
                  <ChangesTable
                    changes={openedChanges}
                    labels={{
                      field: t("field"),
                      before: t("before"),
                      after: t("after"),
                      none: t("none"),
                    }}
                  />
                ) : null
              }
              labels={{
                show: t("showChanges"),
                hide: t("hideChanges"),
                noChanges: t("noChanges"),
              }}
            />
          </tbody>
        </table>
      </div>
      {pager}
    </div>
  );
}

/** An opened entry's fields with their values before and after. */
function ChangesTable({
  changes,
  labels,
}: {
  changes: AuditEntryDisplay["changes"];
  labels: { field: string; before: string; after: string; none: string };
}) {
  return (
    <table className="mt-2 w-full border-collapse text-xs [&_td]:max-w-64 [&_td]:pr-2 [&_td]:align-top [&_td]:break-words [&_th]:pr-2 [&_th]:text-left [&_th]:align-top">
      <thead>
        <tr>
          <th scope="col" className="font-medium">
            {labels.field}
          </th>
          <th scope="col" className="font-medium">
            {labels.before}
          </th>
          <th scope="col" className="font-medium">
            {labels.after}
          </th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.key} className="border-t border-border">
            <th scope="row" className="font-normal">
              {change.field}
            </th>
            <td className="text-muted-foreground">{change.before ?? labels.none}</td>
            <td>{change.after ?? labels.none}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
