import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { organisationPath, settingsPages } from "@/lib/backoffice/navigation";
import type { OrganisationAccess } from "@/lib/organisations/access";
import { Icon } from "@/components/ui/icon";

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
