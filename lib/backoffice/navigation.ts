import type { ModuleName } from "@/lib/modules/catalogue";
import type { OrganisationAccess } from "@/lib/organisations/access";
import type { Permission } from "@/lib/permissions/catalogue";
import { isUuid } from "@/lib/validation/uuid";

/**
 * The back office's areas, in menu order. Only areas that are built are listed (a route
 * that is not built does not exist); each later module adds its entry. An entry shows when
 * the caller holds its permission and, for a module's area, the module is switched on.
 */
export interface BackofficeArea {
  key:
    | "dashboard"
    | "people"
    | "commerce"
    | "reviews"
    | "storage"
    | "payment"
    | "billing"
    | "settings";
  path: string;
  /** Shown to a caller who holds this permission, or any of these; null: every member. */
  permission: Permission | readonly Permission[] | null;
  module?: ModuleName;
}

/**
 * The settings area's pages, each shown to those who hold the permission its page asks for
 * (the settings page's own list, components/backoffice/settings/settings-links.tsx). The
 * area's menu entry shows to anyone who may open one of them, or the organisation's profile.
 */
export const settingsPages = [
  { key: "faq", path: "/settings/faq", permission: "settings.organisation.read" },
  { key: "contact", path: "/settings/contact", permission: "settings.organisation.read" },
  { key: "schedule", path: "/settings/schedule", permission: "settings.schedule.read" },
  { key: "roles", path: "/settings/roles", permission: "settings.role.read" },
  { key: "permissions", path: "/settings/permissions", permission: "settings.role.read" },
  { key: "audit", path: "/settings/audit", permission: "settings.audit.read" },
  { key: "invitations", path: "/settings/invitations", permission: "people.invitation.read" },
  { key: "module", path: "/settings/module", permission: "settings.module.read" },
] as const satisfies readonly { key: string; path: string; permission: Permission }[];

const settingsPermissions: readonly Permission[] = [
  "settings.organisation.read",
  ...new Set(settingsPages.map((page) => page.permission)),
];

export const backofficeAreas: readonly BackofficeArea[] = [
  { key: "dashboard", path: "/dashboard", permission: null },
  { key: "people", path: "/people", permission: "people.employment.read" },
  { key: "commerce", path: "/commerce", permission: "commerce.product.read", module: "commerce" },
  { key: "reviews", path: "/review", permission: "reviews.review.read" },
  { key: "storage", path: "/storage", permission: "storage.file.read", module: "storage" },
  { key: "payment", path: "/payment", permission: "payment.charge.read" },
  { key: "billing", path: "/billing", permission: "billing.account.read" },
  { key: "settings", path: "/settings", permission: settingsPermissions },
];

/** The platform moderators' queue (lib/moderation): not an organisation's area. */
export const moderationPath = "/backoffice/moderation/review";

export function organisationPath(organisationId: string, path = ""): string {
  return `/backoffice/organisation/${organisationId}${path}`;
}

/**
 * Where an action that answers with a redirect sends the caller in an organisation's back
 * office. The id is the one the access check returned or, when the check refused it, the
 * form's field, taken only if it is a uuid (lower-cased, as the database writes it); anything
 * else (NUL, a 60 kB string, not a string) goes to `/backoffice`, so a form's text never
 * reaches the redirect header. `path` must be built from checked values too.
 */
export function organisationRedirectPath(organisationId: unknown, path = ""): string {
  return isUuid(organisationId)
    ? organisationPath(organisationId.toLowerCase(), path)
    : "/backoffice";
}

function permits(
  access: Pick<OrganisationAccess, "can">,
  permission: BackofficeArea["permission"],
) {
  if (permission === null) return true;
  if (typeof permission === "string") return access.can(permission);
  return permission.some((one) => access.can(one));
}

export function visibleAreas(
  access: Pick<OrganisationAccess, "can" | "hasModule">,
): BackofficeArea[] {
  return backofficeAreas.filter(
    (area) => permits(access, area.permission) && (!area.module || access.hasModule(area.module)),
  );
}

/**
 * Where the settings entry leads a caller who may not read the organisation's profile (the
 * settings page itself): the first settings page they may open, or null when there is none.
 */
export function firstSettingsPage(access: Pick<OrganisationAccess, "can">): string | null {
  return settingsPages.find((page) => access.can(page.permission))?.path ?? null;
}
