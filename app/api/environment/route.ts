import { buildEnvironment } from "@/lib/app-data/build-environment";
import { env } from "@/lib/env";
import { readRunningBuildId } from "@/lib/versions/build-info";

export const dynamic = "force-dynamic";

/** Public configuration loaded by the browser at startup (spec §7). No secret ever. */
export async function GET() {
  const environment = buildEnvironment(env(), await readRunningBuildId());
  return Response.json(environment, { headers: { "Cache-Control": "no-store" } });
}
