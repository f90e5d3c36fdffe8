import { BookOpen, Handshake, Home, Info, Mail, type LucideIcon } from "lucide-react";

/** The built public pages listed in the navigation drawer (labels in messages ui.nav). */
export type DrawerLinkKey = "hub" | "about" | "docs" | "contact" | "partners";

export const drawerLinks: readonly { href: string; key: DrawerLinkKey; icon: LucideIcon }[] = [
  { href: "/", key: "hub", icon: Home },
  { href: "/about", key: "about", icon: Info },
  { href: "/docs", key: "docs", icon: BookOpen },
  { href: "/contact", key: "contact", icon: Mail },
  { href: "/partners", key: "partners", icon: Handshake },
];
