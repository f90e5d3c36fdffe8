import "server-only";
import { getTranslations } from "next-intl/server";
import { isModuleName, moduleTiers, type ModuleTier } from "@/lib/modules/catalogue";
import {
  employmentStatuses,
  invitationStatuses,
  type EmploymentStatus,
  type InvitationStatus,
} from "@/lib/organisations/schema";
import { isPermission } from "@/lib/permissions/catalogue";
import { permissionLabelKey } from "@/lib/permissions/labels";
import { auditChanges } from "./diff";
import { isAuditAction, isAuditFieldName, isAuditResourceType, snapshotName } from "./labels";
import type { AuditEntryView } from "./list";
import { auditResourceNames, resourceNameKey, type ResourceName } from "./resource-names";

/** One audit entry as people read it: labels and names in the request's language. */
export interface AuditEntryDisplay {
  /** "Changed a member's role" (the raw action when a module forgot its label). */
  action: string;
  /** "Member". */
  resourceType: string;
  /** "Ana García": the resource as named now, or in the entry when it no longer exists. */
  resourceName: string | null;
  changes: { key: string; field: string; before: string | null; after: string | null }[];
}

/** The translators the labels come from (getTranslations of the request's locale). */
async function translators() {
  const [audit, backoffice, orgAdmin, people] = await Promise.all([
    getTranslations("orgAdmin.audit"),
    getTranslations("backoffice"),
    getTranslations("orgAdmin"),
    getTranslations("people"),
  ]);
  return { audit, backoffice, orgAdmin, people };
}

/**
 * Labels and names for a page of entries: actions, resource types and field names from the
 * catalogue, resources and role ids by name (resource-names.ts), modules by their label.
 */
export async function describeAuditEntries(
  organisationId: string,
  entries: readonly AuditEntryView[],
): Promise<AuditEntryDisplay[]> {
  const changesOf = entries.map((entry) => auditChanges(entry.before, entry.after));
  const roleIds = changesOf.flatMap((changes) =>
    changes.flatMap((c) => (c.key === "roleId" ? [c.before, c.after] : [])),
  );
  const [{ audit: t, backoffice: tb, orgAdmin: to, people: tp }, names] = await Promise.all([
    translators(),
    auditResourceNames(
      organisationId,
      entries,
      roleIds.filter((id): id is string => id !== null),
    ),
  ]);
  const nameText = (name: ResourceName | undefined): string | null => {
    if (!name) return null;
    if (name.kind === "text") return name.text;
    return name.builtinKey ? tb(`roleNames.${name.builtinKey}`) : name.name;
  };
  const roleValue = (id: string | null) =>
    id === null ? null : (nameText(names.get(resourceNameKey("role", id))) ?? t("resourceGone"));
  // A role's permissions are recorded as a JSON list of names: shown by their labels.
  const permissionsValue = (text: string | null) => {
    const list = parseStringList(text);
    if (!list) return text;
    if (list.length === 0) return t("none");
    return list
      .map((name) => (isPermission(name) ? to(permissionLabelKey(name)) : name))
      .join(", ");
  };
  // Plans, statuses and yes/no by their labels too.
  const plainValue = (resourceType: string, key: string, text: string | null) => {
    if (text === "true") return t("yes");
    if (text === "false") return t("no");
    if (key === "tier" && isTier(text)) return tb(`tierNames.${text}`);
    if (key === "status" && resourceType === "employment" && isEmploymentStatus(text)) {
      return tp(`statuses.${text}`);
    }
    if (key === "status" && resourceType === "invitation" && isInvitationStatus(text)) {
      return tp(`invitationStatuses.${text}`);
    }
    return text;
  };
  const value = (resourceType: string, key: string, text: string | null) =>
    key === "roleId"
      ? roleValue(text)
      : key === "permissions"
        ? permissionsValue(text)
        : plainValue(resourceType, key, text);

  return entries.map((entry, index) => {
    const id = entry.resourceId;
    const resourceName =
      entry.resourceType === "module" && id
        ? isModuleName(id)
          ? tb(`moduleNames.${id}`)
          : id
        : ((id ? nameText(names.get(resourceNameKey(entry.resourceType, id))) : null) ??
          snapshotName(entry.before, entry.after) ??
          (id ? t("resourceGone") : null));
    return {
      action: isAuditAction(entry.action) ? t(`actions.${entry.action}`) : entry.action,
      resourceType: isAuditResourceType(entry.resourceType)
        ? t(`resources.${entry.resourceType}`)
        : entry.resourceType,
      resourceName,
      changes: (changesOf[index] ?? []).map((change) => ({
        key: change.key,
        field: !change.key
          ? t("value")
          : isAuditFieldName(change.key)
            ? t(`fields.${change.key}`)
            : change.key,
        before: value(entry.resourceType, change.key, change.before),
        after: value(entry.resourceType, change.key, change.after),
      })),
    };
  });
}

const includes = <T extends string>(list: readonly T[], v: string | null): v is T =>
  (list as readonly (string | null)[]).includes(v);
const isTier = (v: string | null): v is ModuleTier => includes(moduleTiers, v);
const isEmploymentStatus = (v: string | null): v is EmploymentStatus =>
  includes(employmentStatuses, v);
const isInvitationStatus = (v: string | null): v is InvitationStatus =>
  includes(invitationStatuses, v);

function parseStringList(text: string | null): string[] | null {
  if (text === null) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) && parsed.every((item) => typeof item === "string")
      ? parsed
      : null;
  } catch {
    return null;
  }
}

/** The filter menus' labels: the option values stay the raw keys the URL carries. */
export async function auditOptionLabels(): Promise<{
  action: (action: string) => string;
  resourceType: (type: string) => string;
}> {
  const { audit: t } = await translators();
  return {
    action: (action) => (isAuditAction(action) ? t(`actions.${action}`) : action),
    resourceType: (type) => (isAuditResourceType(type) ? t(`resources.${type}`) : type),
  };
}
