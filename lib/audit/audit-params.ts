import { createLoader, createSerializer, parseAsNumberLiteral, parseAsString } from "nuqs/server";
import { isCalendarDay } from "@/lib/validation/calendar";
import { isUuid } from "@/lib/validation/uuid";

/**
 * The audit trail's URL state, one parser map for the page (loader) and its links
 * (serializer): filters, page size and the opaque keyset cursor. Values that do not parse
 * are dropped by `auditFiltersFrom` (an edited URL shows the unfiltered trail, never fails).
 */
export const auditPageSizes = [25, 50, 100] as const;

export const auditParams = {
  person: parseAsString,
  action: parseAsString,
  resource: parseAsString,
  from: parseAsString,
  to: parseAsString,
  size: parseAsNumberLiteral(auditPageSizes).withDefault(auditPageSizes[0]),
  cursor: parseAsString,
};

export const loadAuditParams = createLoader(auditParams);
export const serializeAuditParams = createSerializer(auditParams);

export interface AuditFilters {
  actorUserId?: string;
  action?: string;
  resourceType?: string;
  /** Days (YYYY-MM-DD) in the organisation's time zone, both included. */
  from?: string;
  to?: string;
}

const ACTION = /^[a-z][a-zA-Z]*(\.[a-z][a-zA-Z]*){1,3}$/;
const RESOURCE = /^[a-z][a-zA-Z]{0,63}$/;

export function auditFiltersFrom(params: {
  person: string | null;
  action: string | null;
  resource: string | null;
  from: string | null;
  to: string | null;
}): AuditFilters {
  const filters: AuditFilters = {};
  if (params.person && isUuid(params.person)) filters.actorUserId = params.person.toLowerCase();
  if (params.action && ACTION.test(params.action)) filters.action = params.action;
  if (params.resource && RESOURCE.test(params.resource)) filters.resourceType = params.resource;
  if (isCalendarDay(params.from)) filters.from = params.from;
  if (isCalendarDay(params.to)) filters.to = params.to;
  return filters;
}
