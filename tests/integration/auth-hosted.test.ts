import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as environmentRoute from "@/app/api/environment/route";
import * as authRoute from "@/app/auth/v1/[...path]/route";
import type { Environment } from "@/lib/app-data/environment-types";
import { sessionCookieName } from "@/lib/auth/client/auth-options";
import { authGuard } from "@/lib/auth/guard/auth-proxy";
import { createAuthServerClient, getAuthClientSettings } from "@/lib/auth/server/server-client";
import { getApiKeys } from "@/lib/auth/service/keys";
import { dispatchAuthRequest } from "@/lib/auth/service/router";
import { closeDb } from "@/lib/db/client";
import { resetEnvForTests } from "@/lib/env";
import { GOOD_PASSWORD, ORIGIN, uniqueEmail } from "./support/auth-server";

/**
 * A hosted Supabase project (SUPABASE_URL + SUPABASE_ANON_KEY): the same client code talks
 * to it over HTTP instead of the built-in service. The "project" here is a real HTTP server
 * on its own port serving the auth API (lib/auth/service behind node:http); the app's own
 * /auth/v1 is off, the browser is pointed at the project, and the proxy verifies sessions
 * with the project's JWKS (fetched over HTTP), not with the in-process key ring.
 */
let server: Server;
let projectUrl: string;
const requests: string[] = [];

beforeAll(async () => {
  server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      void (async () => {
        const url = new URL(incoming.url ?? "/", projectUrl);
        requests.push(`${incoming.method} ${url.pathname}`);
        const headers = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (typeof value === "string") headers.set(name, value);
        }
        headers.set("x-forwarded-for", "10.99.0.1");
        const body = chunks.length ? Buffer.concat(chunks) : undefined;
        const path = url.pathname
          .replace(/^\/auth\/v1\/?/, "")
          .split("/")
          .filter(Boolean);
        const answer = await dispatchAuthRequest(
          new Request(url, { method: incoming.method, headers, body }),
          path,
        );
        outgoing.writeHead(answer.status, Object.fromEntries(answer.headers));
        outgoing.end(Buffer.from(await answer.arrayBuffer()));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  projectUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  process.env.SITE_URL = ORIGIN;
  process.env.AUTH_AUTOCONFIRM = "true";
  resetEnvForTests();
  const { anonKey } = await getApiKeys();
  process.env.SUPABASE_URL = projectUrl;
  process.env.SUPABASE_ANON_KEY = anonKey;
  resetEnvForTests();
});

afterAll(async () => {
  delete process.env.SUPABASE_URL;
  delete process.env.SUPABASE_ANON_KEY;
  resetEnvForTests();
  await new Promise((resolve) => server.close(resolve));
  await closeDb();
});

describe("with a hosted Supabase project", () => {
  it("points the browser and the server clients at the project", async () => {
    const settings = await getAuthClientSettings();
    expect(settings.url).toBe(projectUrl);
    const environment = (await (await environmentRoute.GET()).json()) as Environment;
    expect(environment.auth).toMatchObject({
      url: `${projectUrl}/auth/v1`,
      anonKey: settings.anonKey,
    });
  });

  it("turns the built-in service off", async () => {
    const answer = await authRoute.GET(new Request(`${ORIGIN}/auth/v1/health`), {
      params: Promise.resolve({ path: ["health"] }),
    });
    expect(answer.status).toBe(404);
  });

  it("signs in over HTTP, and the proxy checks the session with the project's keys", async () => {
    const jar = new Map<string, string>();
    const client = await createAuthServerClient(
      {
        getAll: () => [...jar].map(([name, value]) => ({ name, value })),
        setAll: (toSet) => {
          for (const { name, value } of toSet) {
            if (value) jar.set(name, value);
            else jar.delete(name);
          }
        },
      },
      "10.98.0.1",
    );
    const email = uniqueEmail("hosted");
    const { error } = await client.auth.signUp({ email, password: GOOD_PASSWORD });
    expect(error).toBeNull();
    expect(requests).toContain("POST /auth/v1/signup");
    // The session cookie carries the project's name (sb-<first host label>-auth-token).
    const cookieName = sessionCookieName(projectUrl);
    expect([...jar.keys()].some((name) => name.startsWith(cookieName))).toBe(true);

    requests.length = 0;
    const cookie = [...jar].map(([n, v]) => `${n}=${v}`).join("; ");
    const response = await authGuard(
      new NextRequest(`${ORIGIN}/profile`, { headers: { cookie, "x-forwarded-for": "10.98.0.2" } }),
    );
    // Signed in (no profile yet): sent to create one, not to /login.
    expect(response.headers.get("location")).toBe(`${ORIGIN}/profile/create?redirect=%2Fprofile`);
    expect(requests).toContain("GET /auth/v1/.well-known/jwks.json");

    // A cookie under the built-in service's name means nothing here.
    const ownName = sessionCookieName(ORIGIN);
    const foreign = cookie.replaceAll(cookieName, ownName);
    const anonymous = await authGuard(
      new NextRequest(`${ORIGIN}/profile`, { headers: { cookie: foreign } }),
    );
    expect(anonymous.headers.get("location")).toBe(`${ORIGIN}/login?redirect=%2Fprofile`);
  });
});
