import type { MetadataRoute } from "next";
import { APP_NAME } from "@/lib/app-data/build-environment";
import platform from "@/messages/en/platform.json";

/**
 * The web app manifest: installable app in the dark theme's colours (spec §9). One manifest
 * for every visitor, so it speaks the default locale (English).
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: APP_NAME,
    short_name: APP_NAME,
    description: platform.manifest.description,
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#0D1B2A",
    theme_color: "#0D1B2A",
    icons: [
      { src: "/icons/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
      { src: "/icons/icon-maskable.svg", sizes: "any", type: "image/svg+xml", purpose: "maskable" },
    ],
  };
}
