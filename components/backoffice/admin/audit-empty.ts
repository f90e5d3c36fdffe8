/**
 * What an empty page of the audit trail says: "Nothing matches these filters." when a filter
 * narrows it or it is not the newest page, "Nothing has been recorded yet." otherwise.
 */
export function auditEmptyText(
  filtered: boolean,
  page: { newer: unknown; older: unknown },
): "emptyBody" | "emptyNone" {
  return filtered || page.newer || page.older ? "emptyBody" : "emptyNone";
}
