import { buildEnvironment } from "@/lib/app-data/build-environment";
import { sessionCookieName } from "@/lib/auth/client/auth-options";
import { pageOriginOf } from "@/lib/auth/server/page-origin";
import { getApiKeys } from "@/lib/auth/service/keys";
import { env, hostedAuth } from "@/lib/env";
import { readRunningBuildId } from "@/lib/versions/build-info";

export const dynamic = "force-dynamic";

/**
 * Public configuration loaded by the browser at startup (spec §7). No secret ever. The
 * built-in auth service is reported on the origin this request came in by (the browser
 * calls it on its own origin: sign-in works on 127.0.0.1, a LAN address or behind a proxy,
 * not only on SITE_URL); the cookie name stays SITE_URL's.
 */
export async function GET(request?: Request) {
  const hosted = hostedAuth();
  const page = request ? pageOriginOf(request.headers) : null;
  const auth = hosted
    ? { ...hosted, cookieName: sessionCookieName(hosted.url), sameOrigin: false }
    : {
        url: page ? `${page.protocol}//${page.host}` : env().SITE_URL,
        anonKey: (await getApiKeys()).anonKey,
        cookieName: sessionCookieName(env().SITE_URL),
        sameOrigin: true,
      };
  const environment = buildEnvironment(env(), await readRunningBuildId(), auth);
  return Response.json(environment, { headers: { "Cache-Control": "no-store" } });
}
