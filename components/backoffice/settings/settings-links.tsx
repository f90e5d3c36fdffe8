import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { organisationPath } from "@/lib/backoffice/navigation";
import type { OrganisationAccess } from "@/lib/organisations/access";
import type { Permission } from "@/lib/permissions/catalogue";
import { Icon } from "@/components/ui/icon";

/** The settings pages, each shown to those who hold the permission its page asks for. */
const settingsPages = [
  { key: "faq", path: "/settings/faq", permission: "settings.organisation.read" },
  { key: "contact", path: "/settings/contact", permission: "settings.organisation.read" },
  { key: "schedule", path: "/settings/schedule", permission: "settings.schedule.read" },
  { key: "roles", path: "/settings/roles", permission: "settings.role.read" },
  { key: "permissions", path: "/settings/permissions", permission: "settings.role.read" },
  { key: "audit", path: "/settings/audit", permission: "settings.audit.read" },
  { key: "invitations", path: "/settings/invitations", permission: "people.invitation.read" },
  { key: "module", path: "/settings/module", permission: "settings.module.read" },
] as const satisfies readonly { key: string; path: string; permission: Permission }[];

export async function SettingsLinks({ access }: { access: OrganisationAccess }) {
  const t = await getTranslations("orgSettings");
  const pages = settingsPages.filter((page) => access.can(page.permission));
  return (
    <nav aria-labelledby="settings-more" className="min-w-0">
      <h2 id="settings-more" className="mb-3 text-lg font-semibold">
        {t("index.more")}
      </h2>
      <ul className="flex flex-col gap-2">
        {pages.map((page) => (
          <li key={page.key}>
            <Link
              href={organisationPath(access.organisation.id, page.path)}
              className="flex items-center gap-3 rounded-card border border-border bg-surface p-3 hover:border-primary focus-visible:border-primary"
            >
              <span className="min-w-0 flex-1">
                <span className="block font-medium">{t(`links.${page.key}.title`)}</span>
                <span className="block text-sm text-muted-foreground">
                  {t(`links.${page.key}.description`)}
                </span>
              </span>
              <Icon
                name="chevron-right"
                aria-hidden
                className="size-4 shrink-0 text-muted-foreground"
              />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
