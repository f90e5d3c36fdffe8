import "server-only";
import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { assertValidKey, assertValidPrefix, clampExpiry, InvalidStorageKeyError } from "./keys";
import { encodeKeyPath, signDownload } from "./signing";
import {
  defaultContentType,
  defaultSignedUrlSeconds,
  maxSignedUrlSeconds,
  type ListOptions,
  type PutOptions,
  type SignedUrlOptions,
  type StorageAdapter,
  type StoredFileBytes,
  type StoredFileStream,
  type StoredObject,
} from "./types";

export type FilesystemStorageOptions = {
  /** Directory that holds everything: objects/, meta/ and tmp/ beneath it. */
  root: string;
  /** Absolute URL of the download route, e.g. https://example.com/api/storage. */
  downloadBaseUrl: string;
  /** HMAC secret of the signed download links. */
  secret: string;
};

type Meta = { contentType: string };

function isMissing(error: unknown): boolean {
  return error instanceof Error && "code" in error && error.code === "ENOENT";
}

/** Files on disk under `root`: objects/<key> holds the bytes, meta/<key>.json the type. */
export class FilesystemStorage implements StorageAdapter {
  readonly kind = "filesystem";
  private readonly objectsDir: string;
  private readonly metaDir: string;
  private readonly tmpDir: string;

  constructor(private readonly options: FilesystemStorageOptions) {
    const root = path.resolve(options.root);
    this.objectsDir = path.join(root, "objects");
    this.metaDir = path.join(root, "meta");
    this.tmpDir = path.join(root, "tmp");
  }

  /** The file of a key; refuses anything that would resolve outside the objects folder. */
  private resolve(dir: string, key: string, suffix = ""): string {
    assertValidKey(key);
    const full = path.resolve(dir, ...key.split("/")) + suffix;
    if (!full.startsWith(dir + path.sep)) throw new InvalidStorageKeyError(key);
    return full;
  }

  private async writeAtomically(file: string, data: Uint8Array | string): Promise<void> {
    await mkdir(this.tmpDir, { recursive: true });
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = path.join(this.tmpDir, randomUUID());
    await writeFile(tmp, data);
    await rename(tmp, file);
  }

  private async readMeta(key: string): Promise<Meta> {
    try {
      const raw = await readFile(this.resolve(this.metaDir, key, ".json"), "utf8");
      const parsed = JSON.parse(raw) as Partial<Meta>;
      return { contentType: parsed.contentType ?? defaultContentType };
    } catch {
      return { contentType: defaultContentType };
    }
  }

  async put(key: string, body: Uint8Array | string, options?: PutOptions): Promise<void> {
    const file = this.resolve(this.objectsDir, key);
    const meta: Meta = { contentType: options?.contentType ?? defaultContentType };
    await this.writeAtomically(this.resolve(this.metaDir, key, ".json"), JSON.stringify(meta));
    await this.writeAtomically(file, body);
  }

  async getStream(key: string): Promise<StoredFileStream | null> {
    const file = this.resolve(this.objectsDir, key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      const { contentType } = await this.readMeta(key);
      const stream = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
      return { stream, contentType, size: info.size };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async getBytes(key: string): Promise<StoredFileBytes | null> {
    const file = this.resolve(this.objectsDir, key);
    try {
      const bytes = new Uint8Array(await readFile(file));
      const { contentType } = await this.readMeta(key);
      return { bytes, contentType };
    } catch (error) {
      if (
        isMissing(error) ||
        (error instanceof Error && "code" in error && error.code === "EISDIR")
      )
        return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.resolve(this.objectsDir, key), { force: true });
    await rm(this.resolve(this.metaDir, key, ".json"), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.resolve(this.objectsDir, key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async list(prefix: string, options?: ListOptions): Promise<StoredObject[]> {
    assertValidPrefix(prefix);
    const limit = options?.limit ?? 1000;
    const slash = prefix.lastIndexOf("/");
    const baseKey = slash === -1 ? "" : prefix.slice(0, slash);
    const baseDir = baseKey ? this.resolve(this.objectsDir, baseKey) : this.objectsDir;
    const found: StoredObject[] = [];
    const walk = async (dir: string, keyPrefix: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (error) {
        if (
          isMissing(error) ||
          (error instanceof Error && "code" in error && error.code === "ENOTDIR")
        )
          return;
        throw error;
      }
      for (const entry of entries) {
        const key = keyPrefix ? `${keyPrefix}/${entry.name}` : entry.name;
        if (entry.isDirectory()) {
          if (key.startsWith(prefix) || prefix.startsWith(`${key}/`)) {
            await walk(path.join(dir, entry.name), key);
          }
        } else if (entry.isFile() && key.startsWith(prefix)) {
          const info = await stat(path.join(dir, entry.name));
          found.push({ key, size: info.size, lastModified: info.mtime });
        }
      }
    };
    await walk(baseDir, baseKey);
    return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).slice(0, limit);
  }

  async signedUrl(key: string, options?: SignedUrlOptions): Promise<string> {
    assertValidKey(key);
    const seconds = clampExpiry(
      options?.expiresInSeconds,
      defaultSignedUrlSeconds,
      maxSignedUrlSeconds,
    );
    const expires = Math.floor(Date.now() / 1000) + seconds;
    const downloadName = options?.downloadName;
    const signature = signDownload(this.options.secret, { key, expires, downloadName });
    const base = this.options.downloadBaseUrl.replace(/\/$/, "");
    const query = new URLSearchParams({ expires: String(expires), signature });
    if (downloadName) query.set("name", downloadName);
    return `${base}/${encodeKeyPath(key)}?${query.toString()}`;
  }
}
