import { createLoader, parseAsString, parseAsStringLiteral } from "nuqs/server";
import type { DataTableConfig } from "@/components/ui/data-table/params";
import type { EmploymentStatus, InvitationStatus } from "@/lib/organisations/schema";
import { parseAsSearchText } from "@/lib/validation/url-values";

/**
 * URL state of the people lists: one parser map per list, read by the server page and
 * changed by the client filters, so both parse the URL the same way.
 */
export const employeeSortKeys = ["since", "name", "role", "status"] as const;
export type EmployeeSort = (typeof employeeSortKeys)[number];

export const employeesTable = {
  sortable: employeeSortKeys,
  defaultSort: "name",
  defaultDir: "asc",
  defaultPageSize: 25,
} as const satisfies DataTableConfig<EmployeeSort>;

/** Statuses a member list filters on (`invited` employments are not used: invitations are). */
export const employeeFilterStatuses = [
  "active",
  "suspended",
  "ended",
] as const satisfies readonly EmploymentStatus[];
export type EmployeeFilterStatus = (typeof employeeFilterStatuses)[number];

export const employeeFilterParsers = {
  q: parseAsSearchText,
  status: parseAsStringLiteral(employeeFilterStatuses),
  role: parseAsString,
};

export const invitationSortKeys = ["sent", "email", "expires"] as const;
export type InvitationSort = (typeof invitationSortKeys)[number];

export const invitationsTable = {
  sortable: invitationSortKeys,
  defaultSort: "sent",
  defaultDir: "desc",
  defaultPageSize: 25,
} as const satisfies DataTableConfig<InvitationSort>;

/** The table's values (a copy: client code must not import the Drizzle schema). */
export const invitationStatusValues = [
  "pending",
  "accepted",
  "declined",
  "revoked",
  "expired",
] as const satisfies readonly InvitationStatus[];

export const invitationFilterParsers = {
  status: parseAsStringLiteral(invitationStatusValues),
};

export const loadEmployeeFilters = createLoader(employeeFilterParsers);
export const loadInvitationFilters = createLoader(invitationFilterParsers);
