import "server-only";
import { loadBearer, verifyBearer } from "@/lib/auth/service/bearer";
import { validationFailed } from "@/lib/auth/service/errors";
import type { RequestInfo } from "@/lib/auth/service/http";
import { endSessions, type LogoutScope } from "@/lib/auth/service/sessions";
import { withSystemContext } from "@/lib/db/context";

const SCOPES: readonly LogoutScope[] = ["global", "local", "others"];

/** POST /logout?scope=global|local|others (default global): deletes the sessions. */
export async function handleLogout(request: Request, info: RequestInfo): Promise<void> {
  const bearer = await verifyBearer(request);
  const scope = (new URL(request.url).searchParams.get("scope") ?? "global") as LogoutScope;
  if (!SCOPES.includes(scope)) throw validationFailed(`Unsupported logout scope "${scope}"`);
  await withSystemContext("auth: logout", async (tx) => {
    const { user } = await loadBearer(tx, bearer);
    await endSessions(tx, user, bearer.sessionId, scope, info);
  });
}
