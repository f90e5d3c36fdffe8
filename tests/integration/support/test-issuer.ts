import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  exportJWK,
  generateKeyPair,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from "jose";

/**
 * A stand-in for Google's issuer in the tests: its own RS256 and ES256 keys, their JWKS
 * served over HTTP on 127.0.0.1 (a random port), and id tokens signed with them.
 */
export interface TestIssuer {
  issuer: string;
  jwksUrl: string;
  /** How many times the JWKS was fetched. */
  fetches(): number;
  sign(
    claims: JWTPayload,
    options?: { alg?: "RS256" | "ES256"; key?: CryptoKey; kid?: string },
  ): Promise<string>;
  close(): Promise<void>;
}

interface SigningKey {
  alg: "RS256" | "ES256";
  kid: string;
  privateKey: CryptoKey;
}

export async function startTestIssuer(issuer = "https://issuer.test"): Promise<TestIssuer> {
  const keys: SigningKey[] = [];
  const publicJwks: JWK[] = [];
  for (const alg of ["RS256", "ES256"] as const) {
    const pair = await generateKeyPair(alg, { extractable: true });
    const kid = `test-${alg.toLowerCase()}`;
    keys.push({ alg, kid, privateKey: pair.privateKey });
    publicJwks.push({ ...(await exportJWK(pair.publicKey)), kid, alg, use: "sig" });
  }
  let fetches = 0;
  const server: Server = createServer((request, response) => {
    fetches += 1;
    if (request.url !== "/certs") {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ keys: publicJwks }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    issuer,
    jwksUrl: `http://127.0.0.1:${port}/certs`,
    fetches: () => fetches,
    async sign(claims, options = {}) {
      const alg = options.alg ?? "RS256";
      const key = keys.find((k) => k.alg === alg);
      if (!key) throw new Error(`No ${alg} key`);
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ iss: issuer, iat: now, exp: now + 600, ...claims })
        .setProtectedHeader({ alg, kid: options.kid ?? key.kid, typ: "JWT" })
        .sign(options.key ?? key.privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
