import { z } from "zod";
import { isValidKey } from "@/lib/storage/keys";
import { getStorage, verifyFilesystemDownload } from "@/lib/storage/storage";

/**
 * Downloads of the filesystem storage through signed links (`getStorage().signedUrl()`).
 * The S3 adapter's links point at the bucket itself, so this route answers 404 there.
 */
const query = z.object({
  expires: z.coerce.number().int(),
  signature: z.string().min(1).max(200),
  name: z.string().max(255).optional(),
});

export async function GET(request: Request, ctx: { params: Promise<{ key: string[] }> }) {
  const notFound = () => new Response(null, { status: 404 });
  const storage = getStorage();
  if (storage.kind !== "filesystem") return notFound();
  const key = (await ctx.params).key.join("/");
  const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!isValidKey(key) || !parsed.success) return notFound();
  const { expires, signature, name } = parsed.data;
  if (!verifyFilesystemDownload({ key, expires, signature, downloadName: name })) {
    return new Response(null, { status: 403 });
  }
  const file = await storage.getStream(key);
  if (!file) return notFound();
  const headers = new Headers({
    "content-type": file.contentType,
    "content-length": String(file.size),
    "cache-control": "private, no-store",
    "x-content-type-options": "nosniff",
    "content-disposition": `${name ? "attachment" : "inline"}; filename*=UTF-8''${encodeURIComponent(name ?? key.split("/").pop() ?? "file")}`,
  });
  return new Response(file.stream, { headers });
}
