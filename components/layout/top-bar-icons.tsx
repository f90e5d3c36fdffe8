import { Languages, LayoutGrid, Menu, Moon, Search, Sun, X } from "lucide-react";
import { type ReactNode } from "react";

/** The top bar's icons, rendered by the server and handed to its client buttons. */
export type TopBarIcons = Record<
  "menu" | "search" | "close" | "launcher" | "light" | "dark" | "locale",
  ReactNode
>;

/**
 * Built in the (server) default layout: the icons reach the browser as markup in the page,
 * so the top bar's buttons carry no icon library in first-load JavaScript.
 */
export function topBarIcons(): TopBarIcons {
  return {
    menu: <Menu aria-hidden />,
    search: <Search aria-hidden />,
    close: <X aria-hidden />,
    launcher: <LayoutGrid aria-hidden />,
    light: <Sun aria-hidden />,
    dark: <Moon aria-hidden />,
    locale: <Languages aria-hidden />,
  };
}
