import { getTranslations } from "next-intl/server";
import { drawerLinks } from "./drawer-links";
import { DrawerNavLink } from "./drawer-nav-link";

/**
 * The drawer's list of links, rendered on the server (the labels cost the browser no
 * JavaScript) and shown by both the docked panel and the modal sheet.
 */
export async function DrawerNav() {
  const t = await getTranslations("ui.nav");
  return (
    <nav aria-label={t("label")}>
      <ul className="flex flex-col gap-1 p-3">
        {drawerLinks.map(({ href, key, icon }) => (
          <li key={href}>
            <DrawerNavLink href={href} icon={icon}>
              {t(key)}
            </DrawerNavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
