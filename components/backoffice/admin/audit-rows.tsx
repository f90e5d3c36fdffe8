"use client";

import Link from "next/link";
import { type ReactNode } from "react";

/** An audit entry as the table shows it: texts already in the request's language. */
export type AuditRow = {
  id: number;
  /** ISO time, and as shown (the organisation's time zone). */
  at: string;
  when: string;
  who: string;
  action: string;
  type: string;
  name: string | null;
  /** How many fields changed (0: "No field changed"). */
  changes: number;
};

const rowId = (id: number) => `entry-${id}`;

/**
 * The audit table's rows, drawn from plain data: the page's RSC payload carries each row's
 * texts once (≈ 150 bytes) instead of its elements and classes again. "Show changes" links
 * to the same page with `?entry=<id>` (relative to the page, so the link is short; the anchor
 * brings a page loaded without JavaScript back to the row); the opened entry's changes table
 * is drawn on the server and passed in.
 */
export function AuditRows({
  rows,
  path,
  query,
  opened,
  openedChanges,
  labels,
}: {
  rows: readonly AuditRow[];
  /** The page's path, and its query without `entry` ("" or "?…"). */
  path: string;
  query: string;
  opened: number | null;
  openedChanges: ReactNode;
  labels: { show: string; hide: string; noChanges: string };
}) {
  const open = (id: number) => `${query ? `${query}&` : "?"}entry=${id}#${rowId(id)}`;
  const close = (id: number) => `${path}${query}#${rowId(id)}`;
  return rows.map((row) => {
    const isOpen = row.id === opened;
    return (
      <tr key={row.id} id={rowId(row.id)}>
        <td className="whitespace-nowrap">
          <time dateTime={row.at}>{row.when}</time>
        </td>
        <td>{row.who}</td>
        <td>{row.action}</td>
        <td>
          {row.type}
          {row.name ? <span className="bo-note">{row.name}</span> : null}
        </td>
        <td>
          {row.changes === 0 ? (
            <span className="text-muted-foreground">{labels.noChanges}</span>
          ) : (
            <>
              <Link
                href={isOpen ? close(row.id) : open(row.id)}
                scroll={false}
                prefetch={false}
                aria-expanded={isOpen}
                className="bo-link"
              >
                {isOpen ? labels.hide : `${labels.show} (${row.changes})`}
              </Link>
              {isOpen ? openedChanges : null}
            </>
          )}
        </td>
      </tr>
    );
  });
}
