import "server-only";

/**
 * Reads a request body into memory, stopping as soon as it passes `limit` bytes (too
 * large). A body of another length than `expected` (a cut connection) is incomplete.
 */
export type BodyResult =
  { ok: true; bytes: Uint8Array } | { ok: false; reason: "tooLarge" | "incomplete" };

export async function readBodyWithin(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
  expected?: number,
): Promise<BodyResult> {
  if (!body)
    return expected ? { ok: false, reason: "incomplete" } : { ok: true, bytes: new Uint8Array(0) };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      return { ok: false, reason: "tooLarge" };
    }
    chunks.push(value);
  }
  if (expected !== undefined && total !== expected) return { ok: false, reason: "incomplete" };
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes: out };
}
