import { buildIconSprite } from "@/lib/icons/sprite";

/**
 * The icon sprite (lib/icons/icon-names.ts). Pages reference it as `/icons.svg?v=<version>`
 * (components/ui/icon.tsx), the version changing with the icon list and lucide, so browsers
 * may keep it for a year. Outside the proxy's matcher (it matches no `.svg`), like the
 * other static files.
 */
let sprite: Promise<string> | undefined;

export async function GET(): Promise<Response> {
  sprite ??= buildIconSprite();
  return new Response(await sprite, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
