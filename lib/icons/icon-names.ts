import { categoryIconNames } from "@/lib/navigation/categories";

/**
 * Every icon the app draws, by lucide name. They are served together as one SVG sprite
 * (`/icons.svg`, app/icons.svg/route.ts) and drawn with `<Icon name>` (components/ui/icon.tsx)
 * as `<svg><use href="/icons.svg?v=…#name"/></svg>`: about 100 bytes of markup per icon
 * instead of the whole drawing in the HTML and again in the RSC payload (docs/bench.md).
 * next.config.ts versions the sprite's URL by this file and lucide's version, so a browser
 * that cached an older sprite fetches the new one.
 *
 * Add a name here to use it (a category's icon in lib/navigation/categories.ts); the type check
 * refuses names that are not listed, and tests/unit/icon-sprite.test.ts fails when lucide has
 * no icon of that name.
 */
export const iconNames = [
  // The shell: top bar, drawer, account, theme and locale.
  "menu",
  "search",
  "x",
  "layout-grid",
  "shopping-cart",
  "sun",
  "moon",
  "languages",
  "log-in",
  "circle-user-round",
  "store",
  "arrow-left",
  "info",
  "mail",
  "handshake",
  // Quick Access (the panel and the hub) and its categories (lib/navigation/categories.ts).
  "house",
  "heart",
  "list",
  "chevron-right",
  "external-link",
  ...categoryIconNames,
  // Shared controls: dialogs, menus, checkboxes, selects, tables, toasts, status.
  "check",
  "circle",
  "minus",
  "chevron-down",
  "chevron-left",
  "chevrons-up-down",
  "arrow-up",
  "arrow-down",
  "arrow-up-down",
  "circle-check",
  "circle-alert",
  "plus",
  "pencil",
  "trash-2",
  "upload",
  "download",
  "ellipsis",
  "refresh-cw",
  "star",
  // The back office.
  "building-2",
  "layout-dashboard",
  "shield-check",
  "settings",
  "users",
  "folder-open",
  "folder-plus",
  "folder-input",
  "file-text",
  "image-off",
  "calendar-plus",
  "mail-plus",
  "package",
  "tag",
  "badge-percent",
  "wallet",
  "copy",
  "archive",
  "eye",
  "eye-off",
  // Search: voice input and "near me".
  "mic",
  "locate-fixed",
] as const;

export type IconName = (typeof iconNames)[number];

const known: ReadonlySet<string> = new Set(iconNames);

export function isIconName(name: unknown): name is IconName {
  return typeof name === "string" && known.has(name);
}
