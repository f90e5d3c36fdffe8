/**
 * A page whose JavaScript chunks were replaced by a deploy fails to load them. It reloads
 * once to pick up the new build; a timestamp in sessionStorage stops a reload loop when the
 * chunk is truly broken (spec §9: route-reload guard time-to-live 10 s).
 */
export const CHUNK_RELOAD_KEY = "live-market:chunk-reload-at";
export const CHUNK_RELOAD_TTL_MS = 10_000;

const chunkErrorPatterns = [
  /loading chunk [^\s]+ failed/i,
  /loading css chunk/i,
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /failed to load chunk/i,
];

/** Whether an error (or rejection reason) is a failed chunk or dynamic import load. */
export function isChunkLoadError(reason: unknown): boolean {
  if (!reason) return false;
  if (typeof reason === "string") return chunkErrorPatterns.some((p) => p.test(reason));
  if (typeof reason !== "object") return false;
  const { name, message } = reason as { name?: unknown; message?: unknown };
  if (name === "ChunkLoadError") return true;
  return typeof message === "string" && chunkErrorPatterns.some((p) => p.test(message));
}

/** Whether enough time passed since the last guarded reload to reload again. */
export function mayReloadAgain(
  lastReloadAt: number | null,
  now: number,
  ttlMs: number = CHUNK_RELOAD_TTL_MS,
): boolean {
  if (lastReloadAt === null || !Number.isFinite(lastReloadAt)) return true;
  return now - lastReloadAt >= ttlMs || now < lastReloadAt;
}

type GuardStorage = Pick<Storage, "getItem" | "setItem">;

/**
 * Reloads the page once for a chunk load error. Returns whether it reloaded. Storage and
 * reload are passed in so the guard is testable; storage failures (private mode) mean no reload
 * rather than a possible loop.
 */
export function reloadOnceForChunkError(
  reason: unknown,
  deps: { storage: GuardStorage; reload: () => void; now: number },
): boolean {
  if (!isChunkLoadError(reason)) return false;
  try {
    const raw = deps.storage.getItem(CHUNK_RELOAD_KEY);
    const last = raw === null ? null : Number(raw);
    if (!mayReloadAgain(last, deps.now)) return false;
    deps.storage.setItem(CHUNK_RELOAD_KEY, String(deps.now));
  } catch {
    return false;
  }
  deps.reload();
  return true;
}
