import { type ReactNode } from "react";
import { ServerIcon } from "@/components/ui/server-icon";

/** The top bar's icons, rendered by the server and handed to its client buttons. */
export type TopBarIcons = Record<
  | "menu"
  | "search"
  | "close"
  | "launcher"
  | "light"
  | "dark"
  | "locale"
  | "signIn"
  | "account"
  | "marketplace",
  ReactNode
>;

/**
 * Built in the (server) default layout: the icons reach the browser as markup in the page,
 * drawn by `ServerIcon` from lucide's icon data, so the top bar's buttons carry no icon code in
 * first-load JavaScript (not even lucide's client `Icon`).
 */
export function topBarIcons(): TopBarIcons {
  return {
    menu: <ServerIcon name="menu" />,
    search: <ServerIcon name="search" />,
    close: <ServerIcon name="x" />,
    launcher: <ServerIcon name="layout-grid" />,
    light: <ServerIcon name="sun" />,
    dark: <ServerIcon name="moon" />,
    locale: <ServerIcon name="languages" />,
    signIn: <ServerIcon name="log-in" />,
    account: <ServerIcon name="circle-user-round" />,
    marketplace: <ServerIcon name="store" />,
  };
}
