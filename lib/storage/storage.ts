import "server-only";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";
import { FilesystemStorage } from "./filesystem-storage";
import { S3Storage } from "./s3-storage";
import { verifyDownload } from "./signing";
import { type StorageAdapter } from "./types";

/** Where the filesystem adapter's download route lives (app/api/storage/[...key]). */
export const storageDownloadPath = "/api/storage";

let adapter: StorageAdapter | undefined;
let fsSecret: string | undefined;

function filesystemRoot(): string {
  return path.resolve(env().DATA_DIR, "storage");
}

/**
 * The HMAC secret of filesystem download links: STORAGE_SIGNING_SECRET, else a random key
 * kept beside the files (DATA_DIR/storage/signing-key), so links survive restarts.
 */
function filesystemSecret(): string {
  if (fsSecret) return fsSecret;
  const configured = env().STORAGE_SIGNING_SECRET;
  if (configured) return (fsSecret = configured);
  const root = filesystemRoot();
  const file = path.join(root, "signing-key");
  try {
    fsSecret = readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(root, { recursive: true });
    const created = randomBytes(32).toString("base64url");
    try {
      writeFileSync(file, created, { flag: "wx", mode: 0o600 });
      fsSecret = created;
    } catch {
      // Another process created it first: use theirs.
      fsSecret = readFileSync(file, "utf8").trim();
    }
  }
  return fsSecret;
}

/** The configured storage: S3 when S3_BUCKET is set, else files under DATA_DIR/storage. */
export function getStorage(): StorageAdapter {
  if (adapter) return adapter;
  const settings = env();
  if (settings.S3_BUCKET) {
    adapter = new S3Storage({
      bucket: settings.S3_BUCKET,
      region: settings.S3_REGION,
      endpoint: settings.S3_ENDPOINT,
      forcePathStyle: settings.S3_FORCE_PATH_STYLE,
      accessKeyId: settings.S3_ACCESS_KEY_ID,
      secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
    });
  } else {
    adapter = new FilesystemStorage({
      root: filesystemRoot(),
      downloadBaseUrl: new URL(storageDownloadPath, settings.SITE_URL).toString(),
      secret: filesystemSecret(),
    });
  }
  return adapter;
}

/** Checks a filesystem download link's signature and expiry (used by the download route). */
export function verifyFilesystemDownload(params: {
  key: string;
  expires: number;
  signature: string;
  downloadName?: string;
}): boolean {
  const { signature, ...signed } = params;
  return verifyDownload(filesystemSecret(), signed, signature);
}

/** Only for tests: forget the adapter so changed settings are read again. */
export function resetStorageForTests(): void {
  adapter = undefined;
  fsSecret = undefined;
}
