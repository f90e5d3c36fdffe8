import "server-only";
import { createHash } from "node:crypto";
import { lt } from "drizzle-orm";
import { z } from "zod";
import { web3SignedMessages } from "@/lib/auth/schema";
import { recordAudit } from "@/lib/auth/service/audit";
import { authConfig } from "@/lib/auth/service/config";
import { badRequest, oauthError, unprocessable, validationFailed } from "@/lib/auth/service/errors";
import { userForExternalIdentity } from "@/lib/auth/service/external-identities";
import { readJsonBody, type RequestInfo } from "@/lib/auth/service/http";
import { enforceAuthRateLimit, web3Rule } from "@/lib/auth/service/limits";
import { auditName, createSession, type SessionResponse } from "@/lib/auth/service/sessions";
import {
  parseSiwsMessage,
  signatureCandidates,
  verifySiwsSignature,
  type SiwsMessage,
} from "@/lib/auth/service/siws";
import { nullableString, parseBody } from "@/lib/auth/service/validation";
import { withSystemContext } from "@/lib/db/context";

/**
 * POST /token?grant_type=web3 (signInWithWeb3, chain "solana"): a Sign-In-With-Solana
 * message signed by the wallet's ed25519 key. The message must name this site (domain and
 * URI), be issued within ±10 minutes, honour Expiration Time and Not Before, and sign in
 * only once (auth.web3_signed_messages). Identity: provider "web3", id
 * "web3:solana:<address>". 30 per 5 minutes per client address.
 */
const MAX_SKEW_MS = 10 * 60_000;

const web3Body = z.object({
  chain: nullableString,
  message: nullableString,
  signature: nullableString,
});

function checkMessage(message: SiwsMessage, now: Date): void {
  const site = new URL(authConfig().siteOrigin);
  if (message.uri.origin !== site.origin) {
    throw oauthError(
      "invalid_grant",
      "Signed Solana message is using URI which is not allowed on this server, message was signed for another app",
    );
  }
  if (message.domain !== message.uri.host) {
    throw oauthError(
      "invalid_grant",
      "Signed Solana message is using a Domain that does not match the one in URI which is not allowed on this server",
    );
  }
  if (message.notBefore && now < message.notBefore) {
    throw oauthError("invalid_grant", "Signed Solana message becomes valid in the future");
  }
  if (message.expirationTime && now > message.expirationTime) {
    throw oauthError("invalid_grant", "Signed Solana message is expired");
  }
  if (now.getTime() > message.issuedAt.getTime() + MAX_SKEW_MS) {
    throw oauthError("invalid_grant", "Solana message was issued too long ago");
  }
  if (now.getTime() < message.issuedAt.getTime() - MAX_SKEW_MS) {
    throw oauthError("invalid_grant", "Solana message was issued too far in the future");
  }
}

export async function web3Grant(request: Request, info: RequestInfo): Promise<SessionResponse> {
  if (!authConfig().web3Solana) {
    throw unprocessable("web3_provider_disabled", "Web3 provider is disabled");
  }
  await enforceAuthRateLimit(web3Rule(), info);
  const body = parseBody(web3Body, await readJsonBody(request));
  if (body.chain !== "solana") {
    throw badRequest(
      "web3_unsupported_chain",
      `Unsupported chain "${body.chain ?? ""}": only "solana" is served`,
    );
  }
  const text = body.message ?? "";
  if (text.length < 64) throw validationFailed("message is too short");
  if (text.length > 20 * 1024) throw validationFailed("message must not exceed 20KB");
  const signatures = signatureCandidates(body.signature ?? "");
  if (signatures.length === 0) {
    throw validationFailed("signature must be 64 bytes encoded as base64, base64url or base58");
  }
  const message = parseSiwsMessage(text);
  if (!signatures.some((signature) => verifySiwsSignature(text, message.publicKey, signature))) {
    throw oauthError("invalid_grant", "Signature does not match address in message");
  }
  const now = new Date();
  checkMessage(message, now);

  const providerId = `web3:solana:${message.address}`;
  return withSystemContext("auth: web3 grant", async (tx) => {
    await tx.delete(web3SignedMessages).where(lt(web3SignedMessages.expiresAt, now));
    const [stored] = await tx
      .insert(web3SignedMessages)
      .values({
        messageHash: createHash("sha256").update(text, "utf8").digest("hex"),
        address: message.address,
        expiresAt: new Date(message.issuedAt.getTime() + MAX_SKEW_MS),
      })
      .onConflictDoNothing()
      .returning();
    if (!stored) throw oauthError("invalid_grant", "Signed Solana message has already been used");

    const user = await userForExternalIdentity(
      tx,
      {
        provider: "web3",
        providerId,
        emailVerified: false,
        identityData: {
          sub: providerId,
          custom_claims: {
            address: message.address,
            chain: "solana",
            domain: message.domain,
            network: message.chainId ?? null,
            statement: message.statement ?? null,
          },
          email_verified: false,
          phone_verified: false,
        },
      },
      info,
    );
    const session = await createSession(tx, user, "web3", info);
    await recordAudit(tx, { id: user.id, username: auditName(user), ip: info.ip }, "login", {
      provider: "web3",
    });
    return session;
  });
}
