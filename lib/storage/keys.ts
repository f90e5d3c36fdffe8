/**
 * Object keys: 1–1024 characters, slash-separated segments, no empty, "." or ".."
 * segment, no backslash, no control characters, no leading slash. The same rules hold
 * for both adapters, so a key that works on disk works on S3 and no key can climb out of
 * the storage root.
 */
export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 100))}`);
    this.name = "InvalidStorageKeyError";
  }
}

const forbidden = /[\u0000-\u001f\u007f\\]/;

function segmentsAreValid(segments: string[]): boolean {
  return segments.every((s) => s !== "" && s !== "." && s !== "..");
}

export function isValidKey(key: string): boolean {
  if (typeof key !== "string" || key.length === 0 || key.length > 1024) return false;
  if (forbidden.test(key) || key.startsWith("/")) return false;
  return segmentsAreValid(key.split("/"));
}

export function assertValidKey(key: string): string {
  if (!isValidKey(key)) throw new InvalidStorageKeyError(key);
  return key;
}

/** A list prefix: empty (everything), a key, or a key followed by "/". */
export function assertValidPrefix(prefix: string): string {
  if (prefix === "") return prefix;
  const trimmed = prefix.endsWith("/") ? prefix.slice(0, -1) : prefix;
  if (!isValidKey(trimmed)) throw new InvalidStorageKeyError(prefix);
  return prefix;
}

export function clampExpiry(seconds: number | undefined, fallback: number, max: number): number {
  const value = Math.floor(seconds ?? fallback);
  if (!Number.isFinite(value) || value < 1) return fallback;
  return Math.min(value, max);
}
