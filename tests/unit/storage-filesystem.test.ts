import { mkdtemp, readdir, rm, writeFile, mkdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FilesystemStorage } from "@/lib/storage/filesystem-storage";
import { InvalidStorageKeyError, isValidKey } from "@/lib/storage/keys";
import { verifyDownload } from "@/lib/storage/signing";

let dir: string;
let storage: FilesystemStorage;
const secret = "test-secret";

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "lm-storage-"));
  storage = new FilesystemStorage({
    root: path.join(dir, "storage"),
    downloadBaseUrl: "http://localhost:3000/api/storage",
    secret,
  });
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe("FilesystemStorage", () => {
  it("puts, reads as bytes and stream, checks existence and deletes", async () => {
    await storage.put("org/1/hello.txt", "hello world", { contentType: "text/plain" });
    expect(await storage.exists("org/1/hello.txt")).toBe(true);
    const bytes = await storage.getBytes("org/1/hello.txt");
    expect(new TextDecoder().decode(bytes?.bytes)).toBe("hello world");
    expect(bytes?.contentType).toBe("text/plain");
    const streamed = await storage.getStream("org/1/hello.txt");
    expect(streamed?.size).toBe(11);
    expect(await readAll(streamed!.stream)).toBe("hello world");
    await storage.delete("org/1/hello.txt");
    expect(await storage.exists("org/1/hello.txt")).toBe(false);
    expect(await storage.getBytes("org/1/hello.txt")).toBeNull();
    expect(await storage.getStream("org/1/hello.txt")).toBeNull();
    await storage.delete("org/1/hello.txt");
  });

  it("overwrites and defaults the content type", async () => {
    await storage.put("a.bin", new Uint8Array([1, 2, 3]));
    await storage.put("a.bin", new Uint8Array([4, 5]));
    const got = await storage.getBytes("a.bin");
    expect(Array.from(got!.bytes)).toEqual([4, 5]);
    expect(got!.contentType).toBe("application/octet-stream");
  });

  it("lists by prefix, sorted, with sizes, and honours the limit", async () => {
    await storage.put("org/1/b.txt", "bb");
    await storage.put("org/1/a.txt", "a");
    await storage.put("org/1/sub/c.txt", "ccc");
    await storage.put("org/10/d.txt", "d");
    await storage.put("other/e.txt", "e");
    expect((await storage.list("org/1/")).map((o) => [o.key, o.size])).toEqual([
      ["org/1/a.txt", 1],
      ["org/1/b.txt", 2],
      ["org/1/sub/c.txt", 3],
    ]);
    expect((await storage.list("org/1")).map((o) => o.key)).toEqual([
      "org/1/a.txt",
      "org/1/b.txt",
      "org/1/sub/c.txt",
      "org/10/d.txt",
    ]);
    expect((await storage.list("")).length).toBe(5);
    expect((await storage.list("org/", { limit: 2 })).length).toBe(2);
    expect(await storage.list("missing/")).toEqual([]);
  });

  it("refuses keys that could escape the storage root", async () => {
    const outside = path.join(dir, "secret.txt");
    await writeFile(outside, "top secret");
    const bad = [
      "../secret.txt",
      "../../etc/passwd",
      "a/../../secret.txt",
      "/etc/passwd",
      "a/./b",
      "a//b",
      "a\\..\\b",
      "",
      "nul\u0000byte",
      "x".repeat(1025),
    ];
    for (const key of bad) {
      expect(isValidKey(key)).toBe(false);
      await expect(storage.put(key, "x")).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.getBytes(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.getStream(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.exists(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.signedUrl(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
    await expect(storage.list("../")).rejects.toBeInstanceOf(InvalidStorageKeyError);
    expect(await readdir(dir)).toEqual(["secret.txt"]);
  });

  it("does not treat the metadata or a directory as an object", async () => {
    await mkdir(path.join(dir, "storage", "objects", "folder"), { recursive: true });
    expect(await storage.exists("folder")).toBe(false);
    expect(await storage.getBytes("folder")).toBeNull();
  });

  it("signs download links that expire and cannot be altered", async () => {
    await storage.put("docs/report 1.pdf", "pdf", { contentType: "application/pdf" });
    const url = new URL(
      await storage.signedUrl("docs/report 1.pdf", { expiresInSeconds: 60, downloadName: "r.pdf" }),
    );
    expect(url.pathname).toBe("/api/storage/docs/report%201.pdf");
    const expires = Number(url.searchParams.get("expires"));
    const signature = url.searchParams.get("signature")!;
    const now = Math.floor(Date.now() / 1000);
    expect(expires).toBeGreaterThanOrEqual(now + 59);
    const params = { key: "docs/report 1.pdf", expires, downloadName: "r.pdf" };
    expect(verifyDownload(secret, params, signature)).toBe(true);
    expect(verifyDownload(secret, { ...params, key: "docs/other.pdf" }, signature)).toBe(false);
    expect(verifyDownload(secret, { ...params, downloadName: "x.pdf" }, signature)).toBe(false);
    expect(verifyDownload(secret, { ...params, expires: expires + 1 }, signature)).toBe(false);
    expect(verifyDownload("other", params, signature)).toBe(false);
    expect(verifyDownload(secret, params, signature, expires + 1)).toBe(false);
  });
});
