import { organisationRoute } from "@/lib/backoffice/doors";
import { getFileForDownload } from "@/lib/files/files";
import { serveStoredFile } from "@/lib/files/serve";

/**
 * Downloads one of the organisation's files (storage.file.read, module on); `?inline=1`
 * shows a previewable image in place (thumbnails). Anything else answers 404.
 */
export const GET = organisationRoute<{ organisationId: string; fileId: string }>(
  { permission: "storage.file.read", module: "storage" },
  async (request, access, { fileId }) => {
    const file = await getFileForDownload(access, fileId);
    if (!file) return Response.json({ error: "not_found" }, { status: 404 });
    const inline = new URL(request.url).searchParams.get("inline") === "1";
    return serveStoredFile(file, {
      inline,
      cacheControl: inline ? "private, max-age=300" : "private, no-store",
    });
  },
);
