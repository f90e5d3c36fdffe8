import { type ReactNode } from "react";
import { getBrowserAuthConfig } from "@/lib/auth/server/browser-config";
import { AuthProvider } from "./auth-provider";

/**
 * Server side of the auth provider: hands the browser client its settings (the anon key, the
 * session cookie's name, where redirects return; lib/auth/server/browser-config.ts).
 */
export async function AuthBoundary({ children }: { children: ReactNode }) {
  const config = await getBrowserAuthConfig();
  return <AuthProvider config={config}>{children}</AuthProvider>;
}
