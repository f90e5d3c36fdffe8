import { type ReactNode } from "react";
import { getAuthClientSettings } from "@/lib/auth/server/server-client";
import { AuthProvider } from "./auth-provider";

/** Server side of the auth provider: hands the browser client its URL and anon key. */
export async function AuthBoundary({ children }: { children: ReactNode }) {
  const config = await getAuthClientSettings();
  return <AuthProvider config={config}>{children}</AuthProvider>;
}
