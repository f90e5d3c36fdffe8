"use client";

import { ThemeProvider as NextThemesProvider } from "next-themes";
import { type ReactNode } from "react";

/** Dark by default (spec §1); the user's choice of light is remembered in localStorage. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  return (
    <NextThemesProvider
      attribute="class"
      defaultTheme="dark"
      themes={["dark", "light"]}
      enableSystem={false}
      storageKey="lm-theme"
      disableTransitionOnChange
    >
      {children}
    </NextThemesProvider>
  );
}
