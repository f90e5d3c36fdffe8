import { type ReactNode } from "react";
import { themeInitScript } from "@/components/layout/theme-store";

/**
 * Dark by default (spec §1); the user's choice of light is remembered in localStorage. A
 * server component: the inline script applies the stored theme before the first paint and
 * the theme switch changes it (components/layout/theme-store.ts); no client code here.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  return (
    <>
      <script dangerouslySetInnerHTML={{ __html: themeInitScript }} />
      {children}
    </>
  );
}
