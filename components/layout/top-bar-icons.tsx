import { type ReactNode } from "react";
import { Icon } from "@/components/ui/icon";

/** The top bar's icons. */
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
  | "marketplace"
  | "cart",
  ReactNode
>;

/**
 * From the icon sprite (components/ui/icon.tsx): the top bar (a client component) draws them
 * itself, so they cost neither icon code in first-load JavaScript nor elements in the RSC
 * payload, only a `<use>` each in the markup.
 */
export const topBarIcons: TopBarIcons = {
  menu: <Icon name="menu" />,
  search: <Icon name="search" />,
  close: <Icon name="x" />,
  launcher: <Icon name="layout-grid" />,
  light: <Icon name="sun" />,
  dark: <Icon name="moon" />,
  locale: <Icon name="languages" />,
  signIn: <Icon name="log-in" />,
  account: <Icon name="circle-user-round" />,
  marketplace: <Icon name="store" />,
  cart: <Icon name="shopping-cart" />,
};
