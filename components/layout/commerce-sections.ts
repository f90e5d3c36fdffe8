/**
 * The commerce section-selection bar (spec §2: /commerce shows it); labels in ui.commerce.
 * Only built verticals are offered (a route that is not built does not exist); each later
 * vertical adds its entry with its issue. /commerce itself lists the sections that have
 * published listings.
 */
export type CommerceSectionKey = "product";

export const commerceSections: readonly { href: string; key: CommerceSectionKey }[] = [
  { href: "/commerce/product", key: "product" },
];

export function isCommercePath(pathname: string): boolean {
  return pathname === "/commerce" || pathname.startsWith("/commerce/");
}
