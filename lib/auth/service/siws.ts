import { createPublicKey, verify } from "node:crypto";
import { decodeBase58 } from "@/lib/auth/service/base58";
import { validationFailed } from "@/lib/auth/service/errors";

/**
 * Sign-In-With-Solana messages, as auth-js writes them (signMessage path) and as wallets do
 * (the Wallet Standard `signIn` path): the fields may come in either order, and the header
 * and "Resources" lines with or without their colon.
 *
 *   <domain> wants you to sign in with your Solana account:
 *   <base58 address>
 *
 *   <statement, optional, followed by an empty line>
 *
 *   Version: 1
 *   URI: <uri>
 *   Issued At: <ISO 8601>
 *   Expiration Time / Not Before / Chain ID / Nonce / Request ID: optional
 *   Resources(:) followed by "- <uri>" lines: optional
 */
export interface SiwsMessage {
  domain: string;
  address: string;
  publicKey: Uint8Array;
  statement?: string;
  version: string;
  uri: URL;
  issuedAt: Date;
  expirationTime?: Date;
  notBefore?: Date;
  chainId?: string;
  nonce?: string;
  requestId?: string;
  resources: string[];
}

const HEADER = /^(\S+) wants you to sign in with your Solana account:?$/;
type FieldName =
  | "URI"
  | "Version"
  | "Chain ID"
  | "Nonce"
  | "Issued At"
  | "Expiration Time"
  | "Not Before"
  | "Request ID";
const FIELD_LINE =
  /^(URI|Version|Chain ID|Nonce|Issued At|Expiration Time|Not Before|Request ID): (.*)$/;
const RESOURCES = /^Resources:?$/;

const isFieldLine = (line: string) => FIELD_LINE.test(line) || RESOURCES.test(line);

function parseDate(value: string | undefined, name: string): Date | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(date.getTime())) {
    throw validationFailed(`${name} is not a valid ISO 8601 timestamp`);
  }
  return date;
}

/** Parses a SIWS message; throws 400 validation_failed naming what is wrong. */
export function parseSiwsMessage(message: string): SiwsMessage {
  const lines = message.replace(/\r\n/g, "\n").split("\n");
  const header = HEADER.exec(lines[0] ?? "");
  if (!header?.[1]) throw validationFailed("message does not begin with a SIWS header");
  const address = lines[1] ?? "";
  const publicKey = decodeBase58(address);
  if (!publicKey || publicKey.length !== 32) {
    throw validationFailed("message has an address that is not a base58 ed25519 public key");
  }
  let index = 2;
  if (lines[index] !== "")
    throw validationFailed("message must have an empty line after the address");
  index += 1;
  let statement: string | undefined;
  if (lines[index] !== undefined && !isFieldLine(lines[index] ?? "")) {
    statement = lines[index];
    index += 1;
    if (lines[index] !== "")
      throw validationFailed("message must have an empty line after the statement");
    index += 1;
  }

  const values: Partial<Record<FieldName, string>> = {};
  const resources: string[] = [];
  for (; index < lines.length; index += 1) {
    const line = lines[index] ?? "";
    if (line === "") continue;
    if (RESOURCES.test(line)) {
      while ((lines[index + 1] ?? "").startsWith("- ")) {
        resources.push((lines[index + 1] ?? "").slice(2));
        index += 1;
      }
      continue;
    }
    const field = FIELD_LINE.exec(line);
    if (!field?.[1]) throw validationFailed(`message has an unknown line: ${line.slice(0, 80)}`);
    const name = field[1] as FieldName;
    if (values[name] !== undefined) throw validationFailed(`message repeats the field ${name}`);
    values[name] = field[2] ?? "";
  }

  if (values.Version !== "1") throw validationFailed("message must have Version: 1");
  let uri: URL;
  try {
    uri = new URL(values.URI ?? "");
  } catch {
    throw validationFailed("message must have a valid URI");
  }
  const issuedAt = parseDate(values["Issued At"], "Issued At");
  if (!issuedAt) throw validationFailed("message must have an Issued At");
  return {
    domain: header[1],
    address,
    publicKey,
    statement,
    version: values.Version,
    uri,
    issuedAt,
    expirationTime: parseDate(values["Expiration Time"], "Expiration Time"),
    notBefore: parseDate(values["Not Before"], "Not Before"),
    chainId: values["Chain ID"],
    nonce: values.Nonce,
    requestId: values["Request ID"],
    resources,
  };
}

/** ed25519 signature of the message's UTF-8 bytes by the address's key. */
export function verifySiwsSignature(
  message: string,
  publicKey: Uint8Array,
  signature: Uint8Array,
): boolean {
  const key = createPublicKey({
    key: { kty: "OKP", crv: "Ed25519", x: Buffer.from(publicKey).toString("base64url") },
    format: "jwk",
  });
  return verify(null, Buffer.from(message, "utf8"), key, signature);
}

/**
 * The 64-byte signature as supabase-js sends it (base64url), or base64, or base58. A text
 * can read as 64 bytes in more than one of them: every reading is returned, and the caller
 * accepts the message when one of them verifies.
 */
export function signatureCandidates(text: string): Uint8Array[] {
  const candidates: Uint8Array[] = [];
  if (/^[A-Za-z0-9+/_-]{86}(==)?$/.test(text)) {
    const base64url = text.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    const bytes = Buffer.from(base64url, "base64url");
    if (bytes.length === 64) candidates.push(new Uint8Array(bytes));
  }
  const base58 = decodeBase58(text);
  if (base58?.length === 64) candidates.push(base58);
  return candidates;
}
