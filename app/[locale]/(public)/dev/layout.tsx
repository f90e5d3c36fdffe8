import { connection } from "next/server";
import { type ReactNode } from "react";
import { ScopedMessages } from "@/components/layout/scoped-messages";

/**
 * The developer tools exist only while `devToolsEnabled()` (a setting read at run time), so
 * they are rendered per request, never prerendered at build time.
 */
export default async function DevToolsLayout({ children }: { children: ReactNode }) {
  await connection();
  return <ScopedMessages scope="devTools">{children}</ScopedMessages>;
}
