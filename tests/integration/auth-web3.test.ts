import { createHash, generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import { sql } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeBase58 } from "@/lib/auth/service/base58";
import { closeDb, getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";
import { resetEnvForTests } from "@/lib/env";
import { authClient, ORIGIN, randomIp, rawRequest } from "./support/auth-server";

/**
 * Sign in with Solana (signInWithWeb3, chain "solana"): a Sign-In-With-Solana message signed
 * by a generated ed25519 key, through supabase-js and raw requests.
 */
beforeAll(() => {
  process.env.SITE_URL = ORIGIN;
  process.env.AUTH_AUTOCONFIRM = "true";
  resetEnvForTests();
});

afterAll(async () => {
  await closeDb();
});

interface Wallet {
  address: string;
  privateKey: KeyObject;
}

function newWallet(): Wallet {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const x = publicKey.export({ format: "jwk" }).x ?? "";
  return { address: encodeBase58(Buffer.from(x, "base64url")), privateKey };
}

const HOST = new URL(ORIGIN).host;

function siwsMessage(
  wallet: Wallet,
  options: {
    domain?: string;
    uri?: string;
    issuedAt?: Date;
    expirationTime?: Date;
    notBefore?: Date;
    statement?: string;
    headerColon?: boolean;
    resourcesColon?: boolean;
    walletStandardOrder?: boolean;
  } = {},
): string {
  const issuedAt = (options.issuedAt ?? new Date()).toISOString();
  const fields = options.walletStandardOrder
    ? [
        `URI: ${options.uri ?? `${ORIGIN}/sign-in`}`,
        "Version: 1",
        "Chain ID: mainnet",
        `Nonce: ${Math.random().toString(36).slice(2)}`,
        `Issued At: ${issuedAt}`,
      ]
    : [
        "Version: 1",
        `URI: ${options.uri ?? `${ORIGIN}/sign-in`}`,
        `Issued At: ${issuedAt}`,
        `Nonce: ${Math.random().toString(36).slice(2)}`,
      ];
  if (options.expirationTime)
    fields.push(`Expiration Time: ${options.expirationTime.toISOString()}`);
  if (options.notBefore) fields.push(`Not Before: ${options.notBefore.toISOString()}`);
  return [
    `${options.domain ?? HOST} wants you to sign in with your Solana account${options.headerColon === false ? "" : ":"}`,
    wallet.address,
    ...(options.statement ? ["", options.statement, ""] : [""]),
    ...fields,
    options.resourcesColon ? "Resources:" : "Resources",
    `- ${ORIGIN}/terms`,
  ].join("\n");
}

const signMessage = (wallet: Wallet, message: string) =>
  new Uint8Array(sign(null, Buffer.from(message, "utf8"), wallet.privateKey));

async function signIn(message: string, signature: Uint8Array, ip?: string) {
  const client = await authClient({ ip });
  return client.auth.signInWithWeb3({ chain: "solana", message, signature });
}

describe("Sign in with Solana", () => {
  it("creates a user with the web3:solana identity and signs it in again", async () => {
    const wallet = newWallet();
    const message = siwsMessage(wallet, { statement: "Sign in to Live Market" });
    const { data, error } = await signIn(message, signMessage(wallet, message));
    expect(error).toBeNull();
    const providerId = `web3:solana:${wallet.address}`;
    expect(data.user).toMatchObject({
      email: "",
      phone: "",
      is_anonymous: false,
      app_metadata: { provider: "web3", providers: ["web3"] },
    });
    expect(data.user?.identities?.[0]).toMatchObject({
      provider: "web3",
      id: providerId,
      identity_data: {
        sub: providerId,
        custom_claims: {
          address: wallet.address,
          chain: "solana",
          domain: HOST,
          statement: "Sign in to Live Market",
        },
      },
    });
    expect(decodeJwt(data.session?.access_token ?? "").amr).toEqual([
      { method: "web3", timestamp: expect.any(Number) },
    ]);

    const second = siwsMessage(wallet, { walletStandardOrder: true, resourcesColon: true });
    const again = await signIn(second, signMessage(wallet, second));
    expect(again.error).toBeNull();
    expect(again.data.user?.id).toBe(data.user?.id);
  });

  it("accepts the message auth-js writes for a wallet's signMessage", async () => {
    const wallet = newWallet();
    const client = await authClient();
    const { data, error } = await client.auth.signInWithWeb3({
      chain: "solana",
      statement: "Welcome back",
      options: { url: `${ORIGIN}/sign-in?next=%2F` },
      wallet: {
        publicKey: { toBase58: () => wallet.address },
        signMessage: async (bytes: Uint8Array) =>
          signMessage(wallet, new TextDecoder().decode(bytes)),
      } as unknown as Parameters<typeof client.auth.signInWithWeb3>[0] extends {
        wallet?: infer W;
      }
        ? W
        : never,
    });
    expect(error).toBeNull();
    expect(data.user?.identities?.[0]?.id).toBe(`web3:solana:${wallet.address}`);
  });

  it("accepts the header without its colon, and base64 and base58 signatures", async () => {
    const wallet = newWallet();
    const message = siwsMessage(wallet, { headerColon: false });
    const signature = signMessage(wallet, message);
    const ok = await rawRequest("POST", "token?grant_type=web3", {
      body: JSON.stringify({
        chain: "solana",
        message,
        signature: Buffer.from(signature).toString("base64"),
      }),
    });
    expect(ok.status).toBe(200);
    const other = siwsMessage(wallet);
    const base58 = await rawRequest("POST", "token?grant_type=web3", {
      body: JSON.stringify({
        chain: "solana",
        message: other,
        signature: encodeBase58(signMessage(wallet, other)),
      }),
    });
    expect(base58.status).toBe(200);
  });

  it("signs in once per signed message (replay refused)", async () => {
    const wallet = newWallet();
    const message = siwsMessage(wallet);
    const signature = signMessage(wallet, message);
    expect((await signIn(message, signature)).error).toBeNull();
    const replay = await signIn(message, signature);
    expect(replay.error?.status).toBe(400);
    expect(replay.error?.message).toBe("Signed Solana message has already been used");
    const rows = await queryRows<{ n: number }>(
      getDb(),
      sql`select count(*)::int as n from auth.web3_signed_messages
          where message_hash = ${createHash("sha256").update(message).digest("hex")}`,
    );
    expect(rows[0]?.n).toBe(1);
  });

  it("refuses a bad signature, another domain, a stale or future message, expiry, not-before", async () => {
    const wallet = newWallet();
    const intruder = newWallet();
    const now = Date.now();
    const message = siwsMessage(wallet);
    const cases: [string, string, Uint8Array][] = [
      ["Signature does not match address in message", message, signMessage(intruder, message)],
    ];
    const signed = (text: string): [string, Uint8Array] => [text, signMessage(wallet, text)];
    const add = (expected: string, text: string) => cases.push([expected, ...signed(text)]);
    add(
      "Signed Solana message is using URI which is not allowed on this server, message was signed for another app",
      siwsMessage(wallet, { domain: "evil.example", uri: "https://evil.example/sign-in" }),
    );
    add(
      "Signed Solana message is using a Domain that does not match the one in URI which is not allowed on this server",
      siwsMessage(wallet, { domain: "evil.example" }),
    );
    add(
      "Solana message was issued too long ago",
      siwsMessage(wallet, { issuedAt: new Date(now - 11 * 60_000) }),
    );
    add(
      "Solana message was issued too far in the future",
      siwsMessage(wallet, { issuedAt: new Date(now + 11 * 60_000) }),
    );
    add(
      "Signed Solana message is expired",
      siwsMessage(wallet, { expirationTime: new Date(now - 1000) }),
    );
    add(
      "Signed Solana message becomes valid in the future",
      siwsMessage(wallet, { notBefore: new Date(now + 60_000) }),
    );
    for (const [expected, text, signature] of cases) {
      const { error, data } = await signIn(text, signature);
      expect(error?.status, expected).toBe(400);
      expect(error?.message).toBe(expected);
      expect(data.session).toBeNull();
    }
    // Issued 9 minutes ago is still within the window.
    expect(
      (await signIn(...signed(siwsMessage(wallet, { issuedAt: new Date(now - 9 * 60_000) }))))
        .error,
    ).toBeNull();
  });

  it("refuses other chains, malformed messages and signatures with clear errors", async () => {
    const wallet = newWallet();
    const message = siwsMessage(wallet);
    const signature = Buffer.from(signMessage(wallet, message)).toString("base64url");
    const post = (body: Record<string, unknown>) =>
      rawRequest("POST", "token?grant_type=web3", {
        body: JSON.stringify(body),
        headers: { "X-Supabase-Api-Version": "2024-01-01" },
      });
    const ethereum = await post({ chain: "ethereum", message, signature });
    expect(ethereum.status).toBe(400);
    expect(await ethereum.json()).toMatchObject({ code: "web3_unsupported_chain" });
    const short = await post({ chain: "solana", message, signature: signature.slice(0, 40) });
    expect(await short.json()).toMatchObject({ code: "validation_failed" });
    const noVersion = message.replace("Version: 1\n", "");
    const missing = await post({
      chain: "solana",
      message: noVersion,
      signature: Buffer.from(signMessage(wallet, noVersion)).toString("base64url"),
    });
    expect(await missing.json()).toEqual({
      code: "validation_failed",
      message: "message must have Version: 1",
    });
  });

  it("limits web3 sign-ins to 30 per 5 minutes per address", async () => {
    const ip = randomIp();
    const body = JSON.stringify({ chain: "bitcoin", message: "x", signature: "y" });
    for (let i = 0; i < 30; i += 1) {
      expect((await rawRequest("POST", "token?grant_type=web3", { body, ip })).status).toBe(400);
    }
    const limited = await rawRequest("POST", "token?grant_type=web3", { body, ip });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});
