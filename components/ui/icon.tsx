import { type SVGProps } from "react";
import { iconSpriteVersion } from "@/lib/env-client";
import type { IconName } from "@/lib/icons/icon-names";
import { cn } from "@/lib/utils/cn";

/**
 * The sprite's address, versioned by next.config.ts (`ICON_SPRITE_VERSION`: the icon list
 * and lucide's version), so it can be cached for a year.
 */
export const iconSpriteUrl = `/icons.svg?v=${iconSpriteVersion}`;

/**
 * A lucide icon from the app's sprite (lib/icons/icon-names.ts): `<svg><use href/></svg>`,
 * about 100 bytes, with no drawing code in the browser's JavaScript and none in the RSC
 * payload. A plain component (no hook): server and client components both use it. 24 px
 * unless a class sizes it (`.icon` in app/globals.css); hidden from assistive technology
 * unless it is given a label.
 */
export function Icon({
  name,
  className,
  ...props
}: { name: IconName } & Omit<SVGProps<SVGSVGElement>, "children">) {
  const labelled = props["aria-label"] !== undefined || props["aria-labelledby"] !== undefined;
  // Only the attributes that apply: an undefined prop would still cost bytes in the RSC payload.
  const a11y = labelled ? { role: "img" } : { "aria-hidden": true as const };
  return (
    <svg className={cn("icon", className)} {...a11y} {...props}>
      <use href={`${iconSpriteUrl}#${name}`} />
    </svg>
  );
}
