"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { organisationPath } from "@/lib/backoffice/navigation";
import type { EmploymentStatus } from "@/lib/organisations/schema";
import { employmentBadge } from "./labels";

/** A member as the list shows it: texts already in the request's language. */
export type EmployeeRow = {
  id: string;
  name: string;
  email: string;
  role: string;
  status: EmploymentStatus;
  since: string;
};

/**
 * The member list's rows, drawn from plain data (the RSC payload carries each row's texts
 * once, not its elements and classes again). Columns as in employees-table.tsx; each name
 * links to the member.
 */
export function EmployeeRows({
  organisationId,
  rows,
}: {
  organisationId: string;
  rows: readonly EmployeeRow[];
}) {
  const t = useTranslations("people.statuses");
  return rows.map((row) => (
    <tr key={row.id}>
      <td>
        <Link href={organisationPath(organisationId, `/people/${row.id}`)} className="bo-link">
          {row.name}
        </Link>
      </td>
      <td className="whitespace-nowrap">{row.email}</td>
      <td>{row.role}</td>
      <td>
        <Badge variant={employmentBadge[row.status]}>{t(row.status)}</Badge>
      </td>
      <td className="whitespace-nowrap">{row.since}</td>
    </tr>
  ));
}
