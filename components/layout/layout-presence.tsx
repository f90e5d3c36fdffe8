"use client";

import { createContext, useContext, type ReactNode } from "react";

const InsideDefaultLayout = createContext(false);

/** Set by the default layout around its content: "a top bar and a <main> are already here". */
export function DefaultLayoutPresence({ children }: { children: ReactNode }) {
  return <InsideDefaultLayout.Provider value>{children}</InsideDefaultLayout.Provider>;
}

/**
 * `bare` inside a default layout, `framed` (the same content in its own default layout)
 * elsewhere. The root 404 page needs it: for an unknown URL Next renders it in the root layout
 * only, but when a page calls `notFound()` the browser draws it inside that page's group
 * layout, which has the top bar already.
 */
export function FramedUnlessInsideLayout({ framed, bare }: { framed: ReactNode; bare: ReactNode }) {
  return useContext(InsideDefaultLayout) ? bare : framed;
}
