import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { organisationPath } from "@/lib/backoffice/navigation";
import type { OrganisationModuleState } from "@/lib/modules/organisation-modules";
import { Icon } from "@/components/ui/icon";

/** The catalogue's modules, each with its state and a link to its page. */
export async function ModulesTable({
  organisationId,
  modules,
}: {
  organisationId: string;
  modules: readonly OrganisationModuleState[];
}) {
  const [t, tb] = await Promise.all([
    getTranslations("orgAdmin.modules"),
    getTranslations("backoffice"),
  ]);
  return (
    <ul aria-label={t("caption")} className="grid gap-3 md:grid-cols-2 2xl:grid-cols-3">
      {modules.map((m) => {
        const name = tb(`moduleNames.${m.module}`);
        return (
          <li key={m.module}>
            <Link
              href={organisationPath(organisationId, `/settings/module/${m.module}`)}
              aria-label={t("open", { module: name })}
              className="flex h-full items-start gap-3 rounded-card border border-border bg-surface p-4 hover:border-primary focus-visible:border-primary"
            >
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{name}</span>
                  {m.enabled && m.tier ? (
                    <Badge variant="primary">{t("on", { tier: tb(`tierNames.${m.tier}`) })}</Badge>
                  ) : (
                    <Badge variant="outline">{t("off")}</Badge>
                  )}
                </span>
                <span className="mt-1 block text-sm text-muted-foreground">
                  {t(`descriptions.${m.module}`)}
                </span>
              </span>
              <Icon
                name="chevron-right"
                aria-hidden
                className="mt-1 size-4 shrink-0 text-muted-foreground"
              />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
