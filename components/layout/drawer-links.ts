import type { IconName } from "@/lib/icons/icon-names";

/** The built public pages listed in the navigation drawer (labels in messages ui.nav). */
export type DrawerLinkKey = "hub" | "commerce" | "about" | "docs" | "contact" | "partners";

export const drawerLinks: readonly { href: string; key: DrawerLinkKey; icon: IconName }[] = [
  { href: "/", key: "hub", icon: "house" },
  { href: "/commerce", key: "commerce", icon: "shopping-bag" },
  { href: "/about", key: "about", icon: "info" },
  { href: "/docs", key: "docs", icon: "book-open" },
  { href: "/contact", key: "contact", icon: "mail" },
  { href: "/partners", key: "partners", icon: "handshake" },
];
