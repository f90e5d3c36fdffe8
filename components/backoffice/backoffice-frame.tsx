import { getTranslations } from "next-intl/server";
import { type ReactNode } from "react";
import { Icon } from "@/components/ui/icon";
import type { IconName } from "@/lib/icons/icon-names";
import {
  moderationPath,
  organisationPath,
  visibleAreas,
  type BackofficeArea,
} from "@/lib/backoffice/navigation";
import type { OrganisationAccess } from "@/lib/organisations/access";
import type { MyOrganisation } from "@/lib/organisations/memberships";
import { BackofficeNavLink } from "./backoffice-nav-link";
import { OrganisationSwitcher } from "./organisation-switcher";

const areaIcons: Record<BackofficeArea["key"], IconName> = {
  dashboard: "layout-dashboard",
  people: "users",
  commerce: "shopping-bag",
  reviews: "star",
  storage: "folder-open",
  payment: "wallet",
  billing: "file-text",
  settings: "settings",
};

/**
 * The frame of every screen under /backoffice/organisation/{id}: the portal's name, the
 * organisation switcher and the menu of the areas the caller may use. A column beside the
 * content from 960 px; above it below that, every area in sight (two columns on phones, a
 * wrapping row from 600 px), never a row that scrolls out of view. A platform moderator also
 * finds the moderation queue there (it is the platform's, not the organisation's).
 */
export async function BackofficeFrame({
  access,
  organisations,
  moderator = false,
  children,
}: {
  access: OrganisationAccess;
  organisations: readonly MyOrganisation[];
  moderator?: boolean;
  children: ReactNode;
}) {
  const t = await getTranslations("backoffice");
  const id = access.organisation.id;
  return (
    <div className="mx-auto flex w-full max-w-[1920px] flex-col gap-4 px-4 py-4 md:flex-row md:gap-6 md:px-6 md:py-6">
      <aside className="flex min-w-0 flex-col gap-3 md:w-60 md:shrink-0">
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          {t("portalTitle")}
        </p>
        <OrganisationSwitcher
          current={{ id, name: access.organisation.name }}
          organisations={organisations.map((o) => ({ id: o.id, name: o.name }))}
        />
        <nav aria-label={t("nav.label")}>
          <ul
            className="grid grid-cols-2 gap-1 sm:flex sm:flex-wrap md:flex-col"
            data-testid="backoffice-areas"
          >
            {visibleAreas(access).map((area) => (
              <li key={area.key}>
                <BackofficeNavLink href={organisationPath(id, area.path)}>
                  <Icon name={areaIcons[area.key]} className="size-4" />
                  {t(`nav.${area.key}`)}
                </BackofficeNavLink>
              </li>
            ))}
            {moderator ? (
              <li>
                <BackofficeNavLink href={moderationPath}>
                  <Icon name="shield-check" className="size-4" />
                  {t("nav.moderation")}
                </BackofficeNavLink>
              </li>
            ) : null}
          </ul>
        </nav>
      </aside>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
