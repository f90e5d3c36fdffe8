import "server-only";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { assertValidKey, assertValidPrefix, clampExpiry } from "./keys";
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

export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, Supabase Storage); unset for AWS. */
  endpoint?: string;
  forcePathStyle?: boolean;
  accessKeyId?: string;
  secretAccessKey?: string;
};

function isNotFound(error: unknown): boolean {
  if (error instanceof NoSuchKey || error instanceof NotFound) return true;
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
}

/** Any S3 API through the AWS SDK v3. */
export class S3Storage implements StorageAdapter {
  readonly kind = "s3";
  readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // S3-compatible services do not all know the SDK's newer default checksums.
      ...(options.endpoint
        ? {
            requestChecksumCalculation: "WHEN_REQUIRED" as const,
            responseChecksumValidation: "WHEN_REQUIRED" as const,
          }
        : {}),
    });
  }

  async put(key: string, body: Uint8Array | string, options?: PutOptions): Promise<void> {
    const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: assertValidKey(key),
        Body: bytes,
        ContentLength: bytes.byteLength,
        ContentType: options?.contentType ?? defaultContentType,
      }),
    );
  }

  async getStream(key: string): Promise<StoredFileStream | null> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: assertValidKey(key) }),
      );
      if (!out.Body) return null;
      return {
        stream: out.Body.transformToWebStream() as ReadableStream<Uint8Array>,
        contentType: out.ContentType ?? defaultContentType,
        size: out.ContentLength ?? 0,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async getBytes(key: string): Promise<StoredFileBytes | null> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: assertValidKey(key) }),
      );
      if (!out.Body) return null;
      return {
        bytes: await out.Body.transformToByteArray(),
        contentType: out.ContentType ?? defaultContentType,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.bucket, Key: assertValidKey(key) }),
    );
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: assertValidKey(key) }),
      );
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async list(prefix: string, options?: ListOptions): Promise<StoredObject[]> {
    assertValidPrefix(prefix);
    const limit = options?.limit ?? 1000;
    const found: StoredObject[] = [];
    let token: string | undefined;
    do {
      const out = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix || undefined,
          ContinuationToken: token,
          MaxKeys: Math.min(1000, limit - found.length),
        }),
      );
      for (const item of out.Contents ?? []) {
        if (!item.Key) continue;
        found.push({
          key: item.Key,
          size: item.Size ?? 0,
          lastModified: item.LastModified ?? new Date(0),
        });
      }
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token && found.length < limit);
    return found.slice(0, limit);
  }

  async signedUrl(key: string, options?: SignedUrlOptions): Promise<string> {
    const name = options?.downloadName;
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: assertValidKey(key),
      ResponseContentDisposition: name
        ? `attachment; filename*=UTF-8''${encodeURIComponent(name)}`
        : undefined,
    });
    const expiresIn = clampExpiry(
      options?.expiresInSeconds,
      defaultSignedUrlSeconds,
      maxSignedUrlSeconds,
    );
    return getSignedUrl(this.client, command, { expiresIn });
  }
}
