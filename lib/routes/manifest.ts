/**
 * Every route of the product (spec §2), once, with the flags the route guard of spec §4
 * reads. Patterns use the App Router's folder syntax: `[param]` for one segment,
 * `[...name]` for the catch-all. `matchRoute` finds the entry of a pathname; the most
 * specific pattern wins (static segment over `[param]` over `[...catchAll]`).
 *
 * auth:    "any"          the page is left alone by the guard (skip-auth)
 *          "public-only"  signed-in users are sent to the redirect target, or /
 *          "required"     anonymous visitors go to /login?redirect={path}
 * profile: "skip"         no profile check (skip-profile)
 *          "no-profile"   only for users without a profile (profile creation)
 *          "required"     users without a profile go to /profile/create?redirect={path}
 */

export type AuthMode = "any" | "public-only" | "required";
export type ProfileMode = "skip" | "no-profile" | "required";
export type LayoutName = "default" | "empty";

export interface RouteEntry {
  pattern: string;
  /** The module that owns the screen (`backoffice.crm`, `commerce`, …). */
  module: string;
  auth: AuthMode;
  profile: ProfileMode;
  layout: LayoutName;
  /** Developer tools (under /dev) and the bench baseline: not part of the product. */
  devOnly?: boolean;
}

type Flags = Omit<RouteEntry, "pattern" | "module">;

const PUBLIC: Flags = { auth: "any", profile: "skip", layout: "default" };
const PUBLIC_ONLY: Flags = { auth: "public-only", profile: "skip", layout: "default" };
const MEMBER: Flags = { auth: "required", profile: "required", layout: "default" };
const DEV: Flags = { ...PUBLIC, devOnly: true };

function group(module: string, flags: Flags, prefix: string, paths: readonly string[]) {
  return paths.map((p): RouteEntry => ({ pattern: `${prefix}${p}`, module, ...flags }));
}

const ORG = "/backoffice/organisation/[organisationId]";
const PROVIDER = `${ORG}/serviceProvider/[serviceProviderId]`;
const RESTAURANT = `${ORG}/restaurant/[restaurantId]`;
const PRODUCT = `${ORG}/commerce/product/[productId]`;

export const routes: readonly RouteEntry[] = [
  // Public area
  // `/[...catchAll]`: every unknown path (the 404 page). No page file: Next serves
  // app/global-not-found.tsx and the proxy logs it (lib/routes/unmatched-route.ts).
  ...group("hub", PUBLIC, "", ["/", "/error", "/[...catchAll]"]),
  ...group("content", PUBLIC, "", [
    "/about",
    "/terms",
    "/privacy",
    "/partners",
    "/docs",
    "/docs/[slug]",
  ]),
  { pattern: "/linkpage", module: "content", ...PUBLIC, layout: "empty" },
  // Not in the spec's list: the sandbox payment provider's authentication step (issue 12 §2,
  // "a challenge step"), what a bank's 3-D Secure page is for a real card; it answers 404
  // unless PAYMENTS_PROVIDER is sandbox (docs/payments.md).
  {
    pattern: "/payments/sandbox/challenge/[intentId]",
    module: "payments",
    ...PUBLIC,
    layout: "empty",
  },
  ...group("contact", PUBLIC, "", ["/contact"]),
  // Not in the spec's list: the top bar's search across every listing and the category tree
  // needs a page of results (issue 11 §3).
  ...group("search", PUBLIC, "", ["/search"]),
  ...group("platform", PUBLIC, "", ["/offline"]),
  ...group("auth", PUBLIC_ONLY, "", ["/login", "/register", "/forgot-password"]),
  ...group("auth", PUBLIC, "", ["/callback"]),
  { pattern: "/account/reset-password", module: "auth", ...MEMBER, profile: "skip" },

  // Developer tools and the bench baseline
  ...group("dev", DEV, "/dev", ["/error", "/mailbox", "/mailbox/[id]", "/sms", "/minimal"]),

  // Profile
  { pattern: "/profile/create", module: "profile", ...MEMBER, profile: "no-profile" },
  ...group("profile", MEMBER, "/profile", [
    "",
    "/update",
    "/order",
    "/order/[orderId]",
    "/ticket",
    "/ticket/[ticketId]",
    "/invoice",
    "/invoice/[invoiceId]",
    "/communications",
    "/invitation",
    "/invitation/[invitationId]",
    "/reservation",
    "/reservation/[id]",
    "/appointment",
    "/appointment/[appointmentId]",
    "/my-addresses",
    "/my-addresses/create",
    "/my-addresses/[addressId]",
  ]),
  ...group("profile.billing", MEMBER, "/profile/billing", [
    "",
    "/charge",
    "/payment-method",
    "/payment-method/create",
    "/payment-method/callback",
  ]),

  // Chat and cart
  ...group("chat", MEMBER, "/chat", ["", "/[roomId]"]),
  // Carts are a guest's too (an anonymous session made by the first add: issue 12 §1), and
  // need no profile; without a session /commerce/cart is the empty cart and a cart is a 404.
  ...group("commerce.cart", PUBLIC, "/commerce/cart", ["", "/[cartId]"]),
  // Not in the spec's list: checkout per cart and paying a placed order (issue 12 §2). Open
  // to guests so the checkout can ask them to sign in or register; the pages answer 404 to
  // anyone whose cart or order it is not.
  ...group("commerce.checkout", PUBLIC, "/commerce", [
    "/cart/[cartId]/checkout",
    "/checkout/[orderId]",
  ]),

  // Commerce (public)
  ...group("commerce", PUBLIC, "/commerce", [
    "",
    "/offer",
    "/product",
    // Not in the spec's list: a shop cannot work without a product's own page (issue 11).
    "/product/[productId]",
    "/venue",
    "/event",
    "/event/[eventId]",
    "/event/[eventId]/ticket",
    "/event/[eventId]/location",
    "/service",
    "/service/category",
    "/service/[serviceId]",
    "/service/[serviceId]/book",
    "/service/[serviceId]/review",
    "/service/[serviceId]/gallery",
    "/serviceProvider",
    "/serviceProvider/[serviceProviderId]",
    "/serviceProvider/[serviceProviderId]/review",
    "/serviceProvider/[serviceProviderId]/services",
    "/restaurant",
    "/restaurant/[restaurantId]",
    "/restaurant/[restaurantId]/menu",
    "/restaurant/[restaurantId]/review",
    "/restaurant/[restaurantId]/gallery",
    "/restaurant/[restaurantId]/reserve",
  ]),

  // Back office
  ...group("backoffice", MEMBER, "/backoffice", ["", "/register-organisation"]),
  // Not in the spec's list: the platform moderators' queue of reported reviews (issue 11 §3);
  // the page answers 404 to anyone who is not a moderator (lib/moderation).
  ...group("backoffice", MEMBER, "/backoffice/moderation", ["/review"]),
  ...group("backoffice", MEMBER, ORG, ["", "/dashboard"]),
  ...group("backoffice.crm", MEMBER, `${ORG}/crm`, [
    "",
    "/dashboard",
    "/leads",
    "/leads/create",
    "/leads/[leadId]",
    "/leads/[leadId]/edit",
    "/analytics",
    "/campaigns",
    "/campaigns/create",
    "/campaigns/[campaignId]",
    "/customers",
    "/customers/create",
    "/customers/[customerId]",
    "/customers/[customerId]/edit",
    "/automations",
  ]),
  ...group("backoffice.people", MEMBER, `${ORG}/people`, [
    "",
    "/create",
    "/invitations",
    "/[employmentId]",
  ]),
  ...group("backoffice.billing", MEMBER, `${ORG}/billing`, [
    "",
    "/charge",
    "/payment-method",
    "/create",
    "/callback",
  ]),
  ...group("backoffice.payment", MEMBER, `${ORG}/payment`, ["", "/charge", "/balance", "/refunds"]),
  ...group("backoffice.storage", MEMBER, `${ORG}/storage`, [""]),
  ...group("backoffice.commerce", MEMBER, `${ORG}/commerce`, [
    "",
    "/brand",
    "/brand/create",
    "/brand/[brandId]",
    "/product",
    "/product/create",
    // Not in the spec's list: offers on listings (issue 12 §2, "the back office manages them
    // under commerce").
    "/offer",
    "/offer/create",
    "/offer/[offerId]",
    // Not in the spec's list: the seller's orders (issue 12 §3 names commerce/order).
    "/order",
    "/order/[orderId]",
    // Not in the spec's list: the selling terms and discount codes (issue 12 §2, "taxes (the
    // organisation's rates…)", "discount codes"), docs/selling-terms.md.
    "/settings",
    "/discount",
    "/discount/create",
    "/discount/[discountCodeId]",
  ]),
  ...group("backoffice.commerce", MEMBER, PRODUCT, [
    "",
    "/variants",
    "/attributes",
    "/attributes/create",
    "/attributes/[attributeName]",
    "/externalIdentification",
    "/externalIdentification/create",
    "/externalIdentification/[productExternalIdentificationId]",
    // Not in the spec's list: the listing's preview (issue 11 §2, "preview").
    "/preview",
  ]),
  ...group("backoffice.settings", MEMBER, `${ORG}/settings`, [
    "",
    "/faq",
    "/audit",
    "/roles",
    "/invitations",
    "/permissions",
    "/module",
    "/module/[moduleName]",
    "/module/[moduleName]/[moduleTier]/purchase",
    "/contact",
    "/contact/email/verify",
    "/schedule",
    "/schedule/create",
    "/schedule/[scheduleId]",
  ]),
  ...group("backoffice.customWeb", MEMBER, `${ORG}/customWeb`, ["", "/create", "/[id]"]),
  ...group("backoffice.communications", MEMBER, `${ORG}/communications`, [""]),
  ...group("backoffice.marketing", MEMBER, `${ORG}/marketing`, [
    "",
    "/analytics",
    "/automation",
    "/social-media",
    "/content-automation",
  ]),
  ...group("backoffice.chat", MEMBER, `${ORG}/chat`, ["", "/[roomId]"]),
  ...group("backoffice.events", MEMBER, `${ORG}/event`, [
    "",
    "/create",
    "/[eventId]",
    "/[eventId]/scanner",
    "/[eventId]/ticket",
    "/[eventId]/ticket/create",
    "/[eventId]/ticket/[ticketId]",
    "/[eventId]/statistics",
  ]),
  ...group("backoffice.venues", MEMBER, `${ORG}/venue`, ["", "/create", "/[venueId]"]),
  ...group("backoffice.reviews", MEMBER, `${ORG}/review`, [""]),
  ...group("backoffice.advertisements", MEMBER, `${ORG}/advertisement`, ["", "/details"]),
  ...group("backoffice.services", MEMBER, `${ORG}/serviceProvider`, [
    "",
    "/create",
    "/appointment",
    "/appointment/create",
    "/appointment/calendar",
    "/appointment/[appointmentId]",
  ]),
  ...group("backoffice.services", MEMBER, PROVIDER, [
    "",
    "/service",
    "/service/create",
    "/service/[serviceId]",
    "/service/[serviceId]/preview",
    "/service/[serviceId]/reviews",
    "/service/[serviceId]/extraFields",
    "/service-addon",
    "/service-addon/create",
    "/service-addon/[serviceAddonId]",
    "/service-addon-group",
    "/service-addon-group/create",
    "/service-addon-group/[serviceAddonGroupId]",
  ]),
  ...group("backoffice.restaurants", MEMBER, `${ORG}/restaurant`, ["", "/create"]),
  ...group("backoffice.restaurants", MEMBER, RESTAURANT, [
    "",
    "/reviews",
    "/menu",
    "/menu/create",
    "/menu/[id]",
    "/order",
    "/order/[orderId]",
    "/reservation",
    "/reservation/create",
    "/reservation/schedule",
    "/reservation/[id]",
    "/restaurant-addon",
    "/restaurant-addon/create",
    "/restaurant-addon/[restaurantAddonId]",
    "/restaurant-addon-group",
    "/restaurant-addon-group/create",
    "/restaurant-addon-group/[restaurantAddonGroupId]",
  ]),
];

export interface RouteMatch {
  route: RouteEntry;
  params: Record<string, string | string[]>;
}

type Segment =
  | { kind: "static"; value: string }
  | { kind: "param"; name: string }
  | { kind: "catchAll"; name: string };

function parsePattern(pattern: string): Segment[] {
  return splitPath(pattern).map((part): Segment => {
    const catchAll = /^\[\.\.\.(\w+)\]$/.exec(part);
    if (catchAll?.[1]) return { kind: "catchAll", name: catchAll[1] };
    const param = /^\[(\w+)\]$/.exec(part);
    if (param?.[1]) return { kind: "param", name: param[1] };
    return { kind: "static", value: part };
  });
}

function splitPath(path: string): string[] {
  return path.split("/").filter((part) => part.length > 0);
}

const compiled = routes.map((route) => ({ route, segments: parsePattern(route.pattern) }));

/**
 * The patterns a path of n segments can match: those of exactly n segments, and the catch-alls
 * no longer than n. The proxy matches every request's path (twice), so it tries only these.
 */
const catchAlls = compiled.filter(({ segments }) => segments.at(-1)?.kind === "catchAll");
const bySegmentCount = new Map<number, typeof compiled>();
for (const entry of compiled) {
  if (catchAlls.includes(entry)) continue;
  const same = bySegmentCount.get(entry.segments.length) ?? [];
  same.push(entry);
  bySegmentCount.set(entry.segments.length, same);
}

function candidates(count: number): typeof compiled {
  return [
    ...(bySegmentCount.get(count) ?? []),
    ...catchAlls.filter(({ segments }) => segments.length <= count),
  ];
}

/** Rank of a segment kind: a lower rank is more specific. */
const RANK = { static: 0, param: 1, catchAll: 2 } as const;

function matchSegments(segments: readonly Segment[], parts: readonly string[]) {
  const params: Record<string, string | string[]> = {};
  const ranks: number[] = [];
  for (const [index, segment] of segments.entries()) {
    ranks.push(RANK[segment.kind]);
    if (segment.kind === "catchAll") {
      const restParts = parts.slice(index);
      if (restParts.length === 0) return null;
      params[segment.name] = restParts;
      return { params, ranks };
    }
    const part = parts[index];
    if (part === undefined) return null;
    if (segment.kind === "static" && segment.value !== part) return null;
    if (segment.kind === "param") params[segment.name] = part;
  }
  return parts.length === segments.length ? { params, ranks } : null;
}

/** -1 when a is more specific than b: compared segment by segment from the left. */
function compareRanks(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (a[i] ?? -1) - (b[i] ?? -1);
    if (diff !== 0) return diff;
  }
  return 0;
}

/**
 * The manifest entry of a pathname (no query, no hash). The catch-all covers every path that
 * no other pattern matches, so null only comes back if it were removed from the manifest.
 */
export function matchRoute(pathname: string): RouteMatch | null {
  const parts = splitPath(pathname).map(decodeSegment);
  let best: { route: RouteEntry; params: RouteMatch["params"]; ranks: number[] } | null = null;
  for (const { route, segments } of candidates(parts.length)) {
    const found = matchSegments(segments, parts);
    if (!found) continue;
    if (!best || compareRanks(found.ranks, best.ranks) < 0) {
      best = { route, params: found.params, ranks: found.ranks };
    }
  }
  return best ? { route: best.route, params: best.params } : null;
}

function decodeSegment(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
