import { readLatestBuild } from "@/lib/versions/build-info";

export const dynamic = "force-dynamic";

/**
 * The deployed build, polled by open pages to offer a reload. Read from disk on every request
 * and never cached, so replacing the file (a deploy) is seen at once.
 */
export async function GET() {
  const latest = await readLatestBuild();
  const headers = { "Cache-Control": "no-store, max-age=0" };
  if (!latest) return Response.json({ error: "not_found" }, { status: 404, headers });
  return Response.json(latest, { headers });
}
