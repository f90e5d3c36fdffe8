import { getPublicFile } from "@/lib/files/public-files";
import { serveStoredFile } from "@/lib/files/serve";

/** A public file (is_public rows only; see lib/files/public-files.ts), to anyone. */
export async function GET(_request: Request, context: { params: Promise<{ fileId: string }> }) {
  const file = await getPublicFile((await context.params).fileId);
  if (!file) return new Response(null, { status: 404, headers: { "cache-control": "no-store" } });
  return serveStoredFile(file, { inline: true, cacheControl: "public, max-age=300" });
}
