import { buildEnvironment } from "@/lib/app-data/build-environment";
import { getApiKeys } from "@/lib/auth/service/keys";
import { env, hostedAuth } from "@/lib/env";
import { readRunningBuildId } from "@/lib/versions/build-info";

export const dynamic = "force-dynamic";

/** Public configuration loaded by the browser at startup (spec §7). No secret ever. */
export async function GET() {
  const hosted = hostedAuth();
  const auth = hosted ?? { url: env().SITE_URL, anonKey: (await getApiKeys()).anonKey };
  const environment = buildEnvironment(env(), await readRunningBuildId(), auth);
  return Response.json(environment, { headers: { "Cache-Control": "no-store" } });
}
