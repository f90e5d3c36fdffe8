import "server-only";
import { getStorage } from "@/lib/storage/storage";
import { contentDisposition, isPreviewable } from "./file-rules";

/**
 * The response of a stored file. Downloads are always attachments; only the previewable
 * image types (whose bytes were checked at upload) are ever served inline. Every answer is
 * nosniff and sandboxed, so no stored byte runs as a page of this site.
 */
export async function serveStoredFile(
  file: { name: string; contentType: string; storageKey: string },
  options: { inline: boolean; cacheControl: string },
): Promise<Response> {
  const stored = await getStorage().getStream(file.storageKey);
  if (!stored) return new Response(null, { status: 404, headers: { "cache-control": "no-store" } });
  const inline = options.inline && isPreviewable(file.contentType);
  return new Response(stored.stream, {
    headers: {
      "content-type": file.contentType,
      "content-length": String(stored.size),
      "content-disposition": contentDisposition(inline ? "inline" : "attachment", file.name),
      "cache-control": options.cacheControl,
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
    },
  });
}
