/**
 * The commerce section-selection bar (spec §2: /commerce shows it); labels in ui.commerce.
 * Only built verticals are offered (a route that is not built does not exist); each later
 * vertical adds its entry with its issue. /commerce itself lists the sections that have
 * published listings. "Offers" is offered only while some offer runs: the bar asks
 * `GET /api/offers/running` in the browser (use-commerce-sections.ts), since the pages that
 * show it are cached and the answer changes by the clock.
 */
export type CommerceSectionKey = "product" | "offer";

export interface CommerceSection {
  href: string;
  key: CommerceSectionKey;
  /** Shown only while an offer runs. */
  whenOffers?: boolean;
}

export const commerceSections: readonly CommerceSection[] = [
  { href: "/commerce/product", key: "product" },
  { href: "/commerce/offer", key: "offer", whenOffers: true },
];

/** The sections to show: "Offers" while some run, or on the offers page itself. */
export function visibleCommerceSections(
  offersRunning: boolean,
  pathname: string,
): readonly CommerceSection[] {
  return commerceSections.filter(
    (section) => !section.whenOffers || offersRunning || pathname === section.href,
  );
}

export function isCommercePath(pathname: string): boolean {
  return pathname === "/commerce" || pathname.startsWith("/commerce/");
}
