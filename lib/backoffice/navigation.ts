import type { ModuleName } from "@/lib/modules/catalogue";
import type { OrganisationAccess } from "@/lib/organisations/access";
import type { Permission } from "@/lib/permissions/catalogue";

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
  permission: Permission | null;
  module?: ModuleName;
}

export const backofficeAreas: readonly BackofficeArea[] = [
  { key: "dashboard", path: "/dashboard", permission: null },
  { key: "people", path: "/people", permission: "people.employment.read" },
  { key: "commerce", path: "/commerce", permission: "commerce.product.read", module: "commerce" },
  { key: "reviews", path: "/review", permission: "reviews.review.read" },
  { key: "storage", path: "/storage", permission: "storage.file.read", module: "storage" },
  { key: "payment", path: "/payment", permission: "payment.charge.read" },
  { key: "billing", path: "/billing", permission: "billing.account.read" },
  { key: "settings", path: "/settings", permission: "settings.organisation.read" },
];

/** The platform moderators' queue (lib/moderation): not an organisation's area. */
export const moderationPath = "/backoffice/moderation/review";

export function organisationPath(organisationId: string, path = ""): string {
  return `/backoffice/organisation/${organisationId}${path}`;
}

export function visibleAreas(
  access: Pick<OrganisationAccess, "can" | "hasModule">,
): BackofficeArea[] {
  return backofficeAreas.filter(
    (area) =>
      (area.permission === null || access.can(area.permission)) &&
      (!area.module || access.hasModule(area.module)),
  );
}
