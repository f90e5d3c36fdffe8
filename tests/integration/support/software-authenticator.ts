import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { SupabaseClient } from "@supabase/supabase-js";
import { isoCBOR } from "@simplewebauthn/server/helpers";

/**
 * A WebAuthn authenticator in software, for driving the auth service's ceremonies from
 * Node with real cryptography: ES256 (P-256) keys from node:crypto, "none" attestation,
 * authenticator data and client data built as the WebAuthn spec lays them out, assertions
 * signed with the private key (DER ECDSA, as authenticators answer).
 *
 * It reads options as the server sent them (base64url strings) or as auth-js hands them
 * over after deserialising (ArrayBuffers), and answers the W3C JSON form (with a toJSON(),
 * as browsers' PublicKeyCredential has, which auth-js uses to serialise). Knobs let a test
 * break one thing at a time (origin, challenge, counter, flags, user handle, signature).
 */
type Bytes = string | ArrayBuffer | ArrayBufferView;

function toBuffer(value: Bytes): Buffer {
  if (typeof value === "string") return Buffer.from(value, "base64url");
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
}

const b64 = (value: Buffer) => value.toString("base64url");
const sha256 = (value: Buffer | string) => createHash("sha256").update(value).digest();

export interface StoredCredential {
  id: Buffer;
  rpId: string;
  userHandle: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  counter: number;
}

interface CreationOptions {
  rp: { id?: string; name?: string };
  user: { id: Bytes; name?: string };
  challenge: Bytes;
  excludeCredentials?: { id: Bytes }[];
}

interface RequestOptions {
  rpId?: string;
  challenge: Bytes;
  allowCredentials?: { id: Bytes }[];
}

export interface CeremonyOverrides {
  origin?: string;
  challenge?: string;
  type?: string;
  userPresent?: boolean;
  userVerified?: boolean;
  /** Signature counter to report (assertions); default: one more than the last. */
  counter?: number;
  /** Reuse an existing credential id (registration). */
  credentialId?: Buffer;
  /** The user handle to return (assertions); null: none. */
  userHandle?: Buffer | null;
  /** Sign with another key (assertions). */
  signWith?: KeyObject;
  /** Pick this credential (assertions); default: the first allowed one. */
  credential?: StoredCredential;
  /** Relying party id to hash into the authenticator data. */
  rpId?: string;
}

/** What auth-js takes as a serialised credential (its ServerCredentialResponse). */
type ServerCredential = Parameters<
  SupabaseClient["auth"]["passkey"]["verifyRegistration"]
>[0]["credential"];

/**
 * The W3C JSON of a credential with the toJSON() of a browser's PublicKeyCredential (auth-js
 * serialises MFA responses with it), typed as auth-js takes it.
 */
export type AuthenticatorAnswer = ServerCredential & { toJSON(): unknown };

function withToJson<T extends object>(value: T): AuthenticatorAnswer {
  return { ...value, toJSON: () => value } as unknown as AuthenticatorAnswer;
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

function flags(present: boolean, verified: boolean, attested: boolean): number {
  return (present ? FLAG_UP : 0) | (verified ? FLAG_UV : 0) | (attested ? FLAG_AT : 0);
}

function uint32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
}

export class SoftwareAuthenticator {
  readonly origin: string;
  readonly credentials: StoredCredential[] = [];
  private readonly attachment: "platform" | "cross-platform";

  constructor(options: { origin: string; attachment?: "platform" | "cross-platform" }) {
    this.origin = options.origin;
    this.attachment = options.attachment ?? "platform";
  }

  private clientData(type: string, challenge: Bytes, overrides: CeremonyOverrides): Buffer {
    return Buffer.from(
      JSON.stringify({
        type: overrides.type ?? type,
        challenge: overrides.challenge ?? b64(toBuffer(challenge)),
        origin: overrides.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
  }

  /** navigator.credentials.create(): a new P-256 key, attested with "none". */
  create(options: CreationOptions, overrides: CeremonyOverrides = {}): AuthenticatorAnswer {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const excluded = (options.excludeCredentials ?? []).map((entry) => toBuffer(entry.id));
    if (this.credentials.some((c) => c.rpId === rpId && excluded.some((id) => id.equals(c.id)))) {
      throw new Error("InvalidStateError: the authenticator holds an excluded credential");
    }
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x ?? "", "base64url"))],
        [-3, new Uint8Array(Buffer.from(jwk.y ?? "", "base64url"))],
      ]),
    );
    const id = overrides.credentialId ?? randomBytes(32);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(overrides.rpId ?? rpId),
      Buffer.from([flags(overrides.userPresent ?? true, overrides.userVerified ?? true, true)]),
      uint32(0),
      Buffer.alloc(16),
      length,
      id,
      Buffer.from(cose),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ["fmt", "none"],
        ["attStmt", new Map<string, string>()],
        ["authData", new Uint8Array(authData)],
      ]),
    );
    const clientDataJSON = this.clientData("webauthn.create", options.challenge, overrides);
    this.credentials.push({
      id,
      rpId,
      userHandle: toBuffer(options.user.id),
      privateKey,
      publicKey,
      counter: 0,
    });
    return withToJson<RegistrationResponseJSON>({
      id: b64(id),
      rawId: b64(id),
      type: "public-key",
      response: {
        clientDataJSON: b64(clientDataJSON),
        attestationObject: b64(Buffer.from(attestationObject)),
        transports: [this.attachment === "platform" ? "internal" : "usb"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: this.attachment,
    });
  }

  /** navigator.credentials.get(): an assertion by an allowed (or any discoverable) credential. */
  get(options: RequestOptions, overrides: CeremonyOverrides = {}): AuthenticatorAnswer {
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const allowed = (options.allowCredentials ?? []).map((entry) => toBuffer(entry.id));
    const credential =
      overrides.credential ??
      this.credentials.find(
        (c) => c.rpId === rpId && (allowed.length === 0 || allowed.some((id) => id.equals(c.id))),
      );
    if (!credential) throw new Error("NotAllowedError: no credential for this relying party");
    credential.counter = overrides.counter ?? credential.counter + 1;
    const authData = Buffer.concat([
      sha256(overrides.rpId ?? rpId),
      Buffer.from([flags(overrides.userPresent ?? true, overrides.userVerified ?? true, false)]),
      uint32(credential.counter),
    ]);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, overrides);
    const signature = sign(
      "sha256",
      Buffer.concat([authData, sha256(clientDataJSON)]),
      overrides.signWith ?? credential.privateKey,
    );
    const handle =
      overrides.userHandle === undefined ? credential.userHandle : overrides.userHandle;
    return withToJson<AuthenticationResponseJSON>({
      id: b64(credential.id),
      rawId: b64(credential.id),
      type: "public-key",
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authData),
        signature: b64(signature),
        ...(handle ? { userHandle: b64(handle) } : {}),
      },
      clientExtensionResults: {},
      authenticatorAttachment: this.attachment,
    });
  }
}
