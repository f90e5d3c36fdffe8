import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from "jose";

/**
 * A stand-in for Google's OAuth endpoints, on 127.0.0.1 (a random port): `/authorize`
 * "signs the visitor in" as the claims given to `nextUser` and sends them back to the
 * redirect_uri with a one-time code; `/token` checks the client's credentials, the code and
 * the redirect_uri and answers an RS256 id token; `/certs` publishes the key.
 */
export interface TestOAuthProvider {
  issuer: string;
  jwksUrl: string;
  authorizationUrl: string;
  tokenUrl: string;
  /** Who the next visitor of /authorize is (and anything to put in the id token). */
  nextUser(claims: JWTPayload): void;
  /** The next /authorize answers `?error=access_denied` instead of a code. */
  denyNext(): void;
  /** The next id token names this audience instead of the client id. */
  audienceNext(aud: string): void;
  /** The query of the last /authorize request. */
  lastAuthorize(): URLSearchParams | null;
  close(): Promise<void>;
}

interface Grant {
  claims: JWTPayload;
  redirectUri: string;
  aud: string;
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

export async function startTestOAuthProvider(client: {
  clientId: string;
  clientSecret: string;
  /** Fixed port (e2e, where the app's settings name it); default a free one. */
  port?: number;
  /** Serve `/control/*` (e2e: the browser test drives the provider over HTTP). */
  control?: boolean;
}): Promise<TestOAuthProvider> {
  const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: "oauth-test", alg: "RS256", use: "sig" };
  const grants = new Map<string, Grant>();
  let next: JWTPayload = {};
  let deny = false;
  let audience: string | null = null;
  let lastQuery: URLSearchParams | null = null;
  let issuer = "";

  const sign = (claims: JWTPayload, aud: string, key: CryptoKey) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ iss: issuer, aud, iat: now, exp: now + 600, ...claims })
      .setProtectedHeader({ alg: "RS256", kid: "oauth-test", typ: "JWT" })
      .sign(key);
  };

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", issuer);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (client.control && url.pathname.startsWith("/control/")) {
      // Test-only remote control: who signs in next, and id tokens for a one-tap double.
      response.setHeader("access-control-allow-origin", "*");
      if (url.pathname === "/control/next-user") {
        next = JSON.parse(url.searchParams.get("claims") ?? "{}") as JWTPayload;
        json(200, { ok: true });
        return;
      }
      if (url.pathname === "/control/id-token") {
        const claims = JSON.parse(url.searchParams.get("claims") ?? "{}") as JWTPayload;
        void sign(claims, client.clientId, privateKey).then((idToken) => json(200, { idToken }));
        return;
      }
    }
    if (request.method === "GET" && url.pathname === "/certs") {
      json(200, { keys: [jwk] });
      return;
    }
    if (request.method === "GET" && url.pathname === "/authorize") {
      lastQuery = url.searchParams;
      const redirectUri = url.searchParams.get("redirect_uri") ?? "";
      const back = new URL(redirectUri);
      back.searchParams.set("state", url.searchParams.get("state") ?? "");
      if (url.searchParams.get("client_id") !== client.clientId) {
        json(400, { error: "invalid_client" });
        return;
      }
      if (deny) {
        deny = false;
        back.searchParams.set("error", "access_denied");
        back.searchParams.set("error_description", "The user denied access");
      } else {
        const code = randomBytes(16).toString("hex");
        grants.set(code, { claims: next, redirectUri, aud: audience ?? client.clientId });
        audience = null;
        back.searchParams.set("code", code);
      }
      response.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (request.method === "POST" && url.pathname === "/token") {
      void readForm(request).then(async (form) => {
        const grant = grants.get(form.get("code") ?? "");
        grants.delete(form.get("code") ?? "");
        if (
          form.get("grant_type") !== "authorization_code" ||
          form.get("client_id") !== client.clientId ||
          form.get("client_secret") !== client.clientSecret
        ) {
          json(401, { error: "invalid_client" });
          return;
        }
        if (!grant || grant.redirectUri !== form.get("redirect_uri")) {
          json(400, { error: "invalid_grant" });
          return;
        }
        json(200, {
          access_token: `provider-access-${randomBytes(8).toString("hex")}`,
          refresh_token: `provider-refresh-${randomBytes(8).toString("hex")}`,
          expires_in: 3599,
          token_type: "Bearer",
          id_token: await sign(grant.claims, grant.aud, privateKey),
        });
      });
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(client.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  issuer = `http://127.0.0.1:${port}`;

  return {
    issuer,
    jwksUrl: `${issuer}/certs`,
    authorizationUrl: `${issuer}/authorize`,
    tokenUrl: `${issuer}/token`,
    nextUser: (claims) => {
      next = claims;
    },
    denyNext: () => {
      deny = true;
    },
    audienceNext: (aud) => {
      audience = aud;
    },
    lastAuthorize: () => lastQuery,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
