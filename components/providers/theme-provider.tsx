import { type ReactNode } from "react";
import { ThemeInitScript } from "@/components/layout/init-scripts";

/**
 * Dark by default (spec §1); the user's choice of light is remembered in localStorage. A
 * server component: the inline script (components/layout/init-scripts.tsx) applies the stored
 * theme before the first paint and the theme switch changes it (theme-store.ts).
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  return (
    <>
      <ThemeInitScript />
      {children}
    </>
  );
}
