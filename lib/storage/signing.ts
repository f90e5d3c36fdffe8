import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Signed download links of the filesystem adapter: `<base>/<key>?expires=<unix s>&signature=<hmac>`.
 * The HMAC-SHA256 covers the key, the expiry and the download name, so none can be changed.
 */
export type SignedParams = { key: string; expires: number; downloadName?: string };

function payload({ key, expires, downloadName }: SignedParams): string {
  return `${key}\n${expires}\n${downloadName ?? ""}`;
}

export function signDownload(secret: string, params: SignedParams): string {
  return createHmac("sha256", secret).update(payload(params)).digest("base64url");
}

export function verifyDownload(
  secret: string,
  params: SignedParams,
  signature: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (!Number.isInteger(params.expires) || params.expires < nowSeconds) return false;
  const expected = Buffer.from(signDownload(secret, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The path part of a download link: each key segment URL-encoded. */
export function encodeKeyPath(key: string): string {
  return key.split("/").map(encodeURIComponent).join("/");
}
