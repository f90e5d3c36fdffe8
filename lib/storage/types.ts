/** One stored object as listed. */
export type StoredObject = {
  key: string;
  size: number;
  lastModified: Date;
};

export type StoredFileStream = {
  stream: ReadableStream<Uint8Array>;
  contentType: string;
  size: number;
};

export type StoredFileBytes = {
  bytes: Uint8Array;
  contentType: string;
};

export type PutOptions = {
  /** MIME type served back on download; default application/octet-stream. */
  contentType?: string;
};

export type SignedUrlOptions = {
  /** Lifetime of the link; default 15 minutes, at most 7 days. */
  expiresInSeconds?: number;
  /** File name the browser saves the download as. */
  downloadName?: string;
};

export type ListOptions = {
  /** Most objects returned; default 1000. */
  limit?: number;
};

/**
 * The storage port. Keys are slash-separated relative paths (`org/<id>/logo.png`);
 * see `assertValidKey` for the rules. Two adapters: filesystem (default) and S3.
 */
export interface StorageAdapter {
  readonly kind: "filesystem" | "s3";
  put(key: string, body: Uint8Array | string, options?: PutOptions): Promise<void>;
  /** The object as a web stream, or null when missing. */
  getStream(key: string): Promise<StoredFileStream | null>;
  /** The whole object in memory, or null when missing. */
  getBytes(key: string): Promise<StoredFileBytes | null>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Objects whose key starts with `prefix`, sorted by key. */
  list(prefix: string, options?: ListOptions): Promise<StoredObject[]>;
  /** A time-limited URL that downloads the object without further authentication. */
  signedUrl(key: string, options?: SignedUrlOptions): Promise<string>;
}

export const defaultContentType = "application/octet-stream";
export const defaultSignedUrlSeconds = 15 * 60;
export const maxSignedUrlSeconds = 7 * 24 * 60 * 60;
