/** The commerce section-selection bar (spec §2: /commerce shows it); labels in ui.commerce. */
export type CommerceSectionKey = "event" | "offer" | "service" | "serviceProvider" | "restaurant";

export const commerceSections: readonly { href: string; key: CommerceSectionKey }[] = [
  { href: "/commerce/event", key: "event" },
  { href: "/commerce/offer", key: "offer" },
  { href: "/commerce/service", key: "service" },
  { href: "/commerce/serviceProvider", key: "serviceProvider" },
  { href: "/commerce/restaurant", key: "restaurant" },
];

export function isCommercePath(pathname: string): boolean {
  return pathname === "/commerce" || pathname.startsWith("/commerce/");
}
