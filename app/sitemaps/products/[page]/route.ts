import { absoluteUrl } from "@/lib/seo/metadata";
import { cachedSitemapProducts, urlSet, xmlResponse } from "@/lib/seo/sitemaps";

export const dynamic = "force-dynamic";

/** One file of published products (`/sitemaps/products/<n>.xml`), with their last change. */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ page: string }> },
): Promise<Response> {
  const match = /^(\d{1,5})\.xml$/.exec((await params).page);
  if (!match) return new Response("Not found", { status: 404 });
  const rows = await cachedSitemapProducts(Number(match[1]));
  if (rows.length === 0 && match[1] !== "0") return new Response("Not found", { status: 404 });
  return xmlResponse(
    urlSet(
      rows.map((row) => ({
        loc: absoluteUrl(`/commerce/product/${row.id}`),
        lastmod: row.updatedAt,
      })),
    ),
  );
}
